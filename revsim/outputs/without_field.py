"""A ruling valued without a field, by the score table of the event's form (``scoring.form``): at IMPs, each
result IMPed against the table result and weighted; at matchpoints, said plainly that they need the other tables'
scores; where the form is unknown, both. One sentence for the text, the report and the desk."""

from __future__ import annotations

from typing import Any

from revsim.equity.steps import BoardRuling
from revsim.scoring.field import imps_against_the_table
from revsim.scoring.form import event_form
from revsim.scoring.points import ns_score

NO_MATCHPOINTS = "need the other tables' North-South scores (a field: --field, or the desk's Field box)"


def without_field_to_dict(ruling: BoardRuling) -> dict[str, Any]:
    """With no field: the event's form as the record names it, the ruling's IMPs against the table result for each
    side (each outcome IMPed against the table's score, weighted), why there are no matchpoints, and the sentence
    saying so (``text``, empty where the ruling is the table result)."""
    table_score = ns_score(ruling.record.contract, ruling.table_tricks, ruling.record.vulnerability)
    scored: dict[str, Any] = {
        "form": event_form(ruling.record.info.get("scoring")), "table_result_ns": table_score,
        "imps_vs_table_ns": imps_against_the_table([(o.score, o.weight) for o in ruling.ns], table_score, True),
        "imps_vs_table_ew": imps_against_the_table([(o.score, o.weight) for o in ruling.ew], table_score, False),
        "matchpoints": NO_MATCHPOINTS}
    return scored | {"text": without_field_sentence(scored)}


def without_field_sentence(scored: dict[str, Any]) -> str:
    """The sentence of a ruling scored without a field, by the event's form (empty where the ruling is the table
    result): ``Without a field, at IMPs (the event's form): +11.00 IMPs to North-South, ...``."""
    ns, ew = scored["imps_vs_table_ns"], scored["imps_vs_table_ew"]
    if ns == 0 and ew == 0:
        return ""
    imps = (f"{ns:+.2f} IMPs to North-South, {ew:+.2f} to East-West against the table result (NS "
            f"{scored['table_result_ns']:+d}), each result IMPed against it, then weighted")
    form = scored["form"]
    if form == "imps":
        return f"Without a field, at IMPs (the event's form): {imps}."
    if form == "matchpoints":
        return ("Without a field: the event is scored by matchpoints, which cannot be given without the other tables' "
                "North-South scores.")
    return f"Without a field: {imps}; matchpoints need the other tables' North-South scores."
