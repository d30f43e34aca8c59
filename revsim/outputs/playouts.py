"""What the ``sd`` estimator's play-outs did, in a director's words ("replays"): the card chosen instead of the
revoke, how the replays ended, the most typical replay for each result of the score card by card, how they were
blended with the record of real players' results, and how settled the ruling is. Registered
for ``sd`` in ``outputs.estimates``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, SIDE_NAMES
from revsim.equity.assign import weighted_worth
from revsim.equity.steps import BoardRuling, ScoreAssigned
from revsim.likely.evidence import Representative, SdEvidence, sd_evidence
from revsim.likely.worlds import Estimate
from revsim.outputs.weights import labels_by_tricks, ordered, trick_word, weighted_result, weighted_tricks
from revsim.scoring.points import ns_score

LEVEL_PLAYERS = {"expert": "expert players in championship records", "club": "club players in club records"}


def chosen_phrase(estimate: Estimate) -> str:
    """What the offender plays instead of the revoke card: as the players of the replays chose it."""
    evidence = sd_evidence(estimate)
    total = evidence.play_out_count
    shown = ", ".join(f"the {card} in {count} of {total} replays" for card, count in evidence.first_cards or ())
    return f"{SEAT_NAMES[estimate.seat]} chooses his card as players at the table would ({shown})"


def played_text(estimate: Estimate) -> str:
    """What the players of the replays did instead of the revoke card, and how the replays ended."""
    evidence = sd_evidence(estimate)
    total = evidence.play_out_count or 0
    who = SEAT_NAMES[estimate.seat]
    firsts = ", ".join(f"the {card} in {count} of {total}" for card, count in evidence.first_cards or ())
    counts = sorted(((int(t), round(w * total)) for t, w in evidence.play_outs), key=lambda o: (-o[1], -o[0]))
    ended = ", ".join(f"{tricks}" + (f" tricks in {count} of {total} replays" if index == 0 else f" in {count}")
                      for index, (tricks, count) in enumerate(counts))
    return (f"revsim replayed the rest of the deal {total} times from the revoke, each player seeing only what he "
            f"would see at the table. Instead of the revoke card {who} played {firsts}. Declarer's side took {ended} "
            "(before any transfer for an earlier revoke).")


def set_aside(evidence: SdEvidence) -> int:
    """The play-outs a competent defence set aside: those with a slip, unless every one had one (then all are
    weighed, ``likely.competent.law12c1c_competent_defence``); 0 when the standard reads the defence as estimated."""
    slipped, total = evidence.play_outs_with_a_slip, evidence.play_out_count or 0
    return slipped if evidence.defence == "competent" and slipped < total else 0


def competent_defence_texts(estimate: Estimate) -> list[str]:
    """The play-outs set aside under a competent defence (``likely.competent``) and what those weighed took (nothing
    when the standard reads the defence as estimated, or no defender slipped); real play's estimate counting the
    slips is the Method appendix's (``playout_method``), not a second figure beside the one the ruling weighs."""
    evidence = sd_evidence(estimate)
    slipped, total = evidence.play_outs_with_a_slip, evidence.play_out_count or 0
    if evidence.competent is None or not slipped:
        return []
    if slipped == total:
        return ["In every replay a defender who did not read his partner's hand chose a card that gave a trick "
                "against perfect play, so all of them are weighed."]
    return [f"In {slipped} of {total} replays a defender who did not read his partner's hand chose a card that "
            f"gave declarer's side a trick against perfect play on the actual deal, a card his partner's signals "
            f"would have saved. A result that needs an error no competent defender makes is not likely (Law "
            f"12C1c), so the ruling weighs the other {total - slipped}: "
            f"{_counted(evidence.competent.weighed_play_outs, total - slipped)}."]


def _counted(shares: Sequence[tuple[int, float]], total: int) -> str:
    """Replays by how they ended, as counts: ``all took 4 tricks`` or ``20 took 9 tricks, 6 took 10``."""
    counts = sorted(((int(tricks), round(share * total)) for tricks, share in shares), key=lambda o: (-o[1], -o[0]))
    if len(counts) == 1:
        return f"all took {trick_word(counts[0][0])}"
    return ", ".join(f"{count} took {trick_word(tricks) if index == 0 else tricks}"
                     for index, (tricks, count) in enumerate(counts))


def representative_intro(representative: Representative, total: int) -> str:
    """Which replay is shown, and how it ended."""
    ending = representative.get("ending_so")
    typical = f", the most typical of the {ending} that end so" if ending else ""
    return (f"A replay that ends with {trick_word(representative['tricks'])} for declarer's side (number "
            f"{representative['index'] + 1} of {total}{typical})")


def parted_text(representative: Representative) -> str:
    """Where the replay parted from perfect play, if it did, in neutral words: what the card cost double dummy,
    and that a player who cannot see the other hands may choose it."""
    parted = representative.get("parted")
    if not parted:
        return "Every card in it is one perfect play would also choose."
    before, after = parted["before"], parted["after"]
    who = SEAT_NAMES[SEAT_LETTERS.index(parted["player"])]
    losing = SIDE_WORDS[SEAT_LETTERS.index(parted["player"]) % 2]
    return (f"It parts from perfect play at trick {parted['trick']}: {who}'s {parted['card']} cost {losing} "
            f"{trick_word(abs(after - before))} against perfect play (declarer's side {before} tricks before it, "
            f"{after} after), a choice a player who cannot see the other hands may make.")


SIDE_WORDS = ("North-South", "East-West")


def representative_text(representative: Representative, total: int) -> str:
    """One replay card by card, and where it parted from perfect play."""
    tricks: dict[int, list[str]] = {}
    for trick, seat, card, _, *rest in representative["plays"]:
        forced = ", forced" if rest and rest[0] else ""
        tricks.setdefault(int(trick), []).append(f"{card}({seat}{forced})")
    cards = "; ".join(f"{trick}: {' '.join(played)}" for trick, played in tricks.items())
    return f"{representative_intro(representative, total)}, trick by trick: {cards}. {parted_text(representative)}"


AGREEMENT_WORDS = {
    "unanimous": "all ended with the same result",
    "strong": "mostly ended with the same result (at least 3 in 4)",
    "split": "disagreed (fewer than 3 in 4 ended with the same result)",
}
"""How far the replays agreed, in words: the estimate trusts them as far as that, as fitted on real play."""


MARGIN_WORDS = {
    -2: "contracts perfect play defeats by two tricks or more",
    -1: "contracts perfect play defeats by one trick",
    0: "contracts perfect play makes exactly",
    1: "contracts perfect play makes with one trick to spare",
    2: "contracts perfect play makes with two tricks or more to spare",
}
"""Double dummy's margin over the contract (``levels.margin_of``), in words: real players' errors were measured by it."""


def real_play_texts(estimate: Estimate) -> list[str]:
    """How often real players end elsewhere than perfect play from such positions, and how revsim combined that
    with the replays, in one paragraph ending with the estimate's most likely result derived from both
    (``derivation``; the whole estimate is written in the law path and the chart)."""
    evidence = sd_evidence(estimate)
    errors = {int(offset): float(weight) for offset, weight in evidence.errors or ()}
    if not errors:
        return []
    players = LEVEL_PLAYERS.get(str(evidence.level), "players in the records")
    share = labels_by_tricks([(0, errors.get(0, 0.0)), (-1, sum(w for o, w in errors.items() if o < 0)),
                              (1, sum(w for o, w in errors.items() if o > 0))])
    blend = round(evidence.blend, 6)
    parts = labels_by_tricks([(1, 1 - blend), (0, blend)])
    after = trick_word(evidence.cut)
    margin = evidence.margin
    weighed = " weighed" if set_aside(evidence) else ""
    like = f"after about {after}" + ("" if margin is None else f", in {MARGIN_WORDS[margin]}")
    here, at_perfect_play = _at_the_bound(evidence, errors.get(0, 0.0), share[0])
    return [f"From positions like this ({like}), {players} ended with the result of "
            f"perfect play {share[0]} of the time; declarer's side took fewer tricks {share[-1]} of the time and more "
            f"{share[1]}{here}. "
            f"The replays{weighed} {AGREEMENT_WORDS.get(evidence.agreement, 'agreed as they did')}, so the "
            f"estimate weighs them {parts[1]} and those players' results from perfect play's "
            f"{evidence.double_dummy} tricks {parts[0]}: {derivation(evidence, estimate.outcomes, at_perfect_play)}."]


def _at_the_bound(evidence: SdEvidence, at_perfect_play: float, label: str) -> tuple[str, str]:
    """Where perfect play's result is the most (or the fewest) tricks declarer's side can still take, the players
    who took more (fewer) elsewhere end there too: the clause saying so and the share that ends there; else nothing
    and ``label``, the share as the sentence wrote it."""
    dd = evidence.double_dummy
    blind = dict(evidence.position_blind)
    if dd is None or blind.get(dd, 0.0) <= at_perfect_play + 1e-9:
        return "", label
    most = "most" if not any(tricks > dd for tricks in blind) else "fewest"
    there = labels_by_tricks(evidence.position_blind)[dd]
    return (f"; here {dd} tricks are the {most} declarer's side can still take, so {there} end with perfect play's "
            f"{dd}", there)


def derivation(evidence: SdEvidence, outcomes: Sequence[tuple[int, float]], at_perfect_play: str | None = None,
               records: str = "those players' {share}", replays: str = "the replays'") -> str:
    """How the estimate's most likely result comes from its two parts, each at the weight the estimate gives it:
    ``55% of the replays' 100% and 45% of those players' 76% make the 89% of 4 tricks`` (the replays weighed, and
    how often real players from such positions ended there, in ``records``' words; ``at_perfect_play``: that share
    as the sentence before wrote it, where the result is perfect play's)."""
    tricks = ordered(outcomes)[0][0]
    blend = round(evidence.blend, 6)
    parts = labels_by_tricks([(1, 1 - blend), (0, blend)])
    from_replays = labels_by_tricks(weighed_play_outs(evidence)).get(tricks, "0%")
    from_records = labels_by_tricks(evidence.position_blind).get(tricks, "0%")
    if tricks == evidence.double_dummy and at_perfect_play is not None:
        from_records = at_perfect_play
    return (f"{parts[1]} of {replays} {from_replays} and {parts[0]} of {records.format(share=from_records)} make "
            f"the {labels_by_tricks(outcomes)[tricks]} of {trick_word(tricks)}")


def replays_derivation(evidence: SdEvidence, outcomes: Sequence[tuple[int, float]], play: str = "") -> str:
    """For a play shown beside the one without the revoke (a side's play, Law 64C2b, named ``play A``; the logical
    alternative, Law 16B, ``the ♠3 line``), how its estimate comes from its own replays and the records of real play,
    in one sentence."""
    total, slipped = evidence.play_out_count or 0, set_aside(evidence)
    players = LEVEL_PLAYERS.get(str(evidence.level), "players in the records").split(" in ")[0]
    tricks = trick_word(ordered(outcomes)[0][0])
    records = f"{players}' {{share}} (how often they ended with {tricks} from positions like this)"
    whose = f"{play}'s" if play else "its"   # "its": the play of the sentence before
    if slipped:
        others = f"the other {total - slipped} replays'"
        return (f"{slipped} of {whose} {total} replays had a defender's slip and are set aside (Law 12C1c); "
                f"{derivation(evidence, outcomes, records=records, replays=others)}.")
    return f"{whose[0].upper()}{whose[1:]} estimate: {derivation(evidence, outcomes, records=records)}."


def weighed_play_outs(evidence: SdEvidence) -> Sequence[tuple[int, float]]:
    """The play-outs the estimate weighs: those without a slip where a competent defence set some aside, else all."""
    if evidence.competent is not None and set_aside(evidence):
        return evidence.competent.weighed_play_outs
    return evidence.play_outs


def representatives_of(estimate: Estimate) -> list[Representative]:
    """The replays shown: one for each result of the score a director writes that a replay reached (the
    estimate's ``representatives``), else the one for the result reached most often."""
    evidence = sd_evidence(estimate)
    if evidence.representatives:
        return list(evidence.representatives)
    single = evidence.representative
    return [single] if single is not None else []


def only_real_play_texts(estimate: Estimate) -> list[str]:
    """The results of the score that no replay reached: they come from the record of real play alone."""
    results = sd_evidence(estimate).only_real_play or ()
    return [f"No replay ended with {trick_word(tricks)}: that result comes only from how often real players "
            "from positions like this ended above or below perfect play (above)."
            for tricks in results]


def playout_evidence(ruling: BoardRuling, estimate: Estimate) -> list[str]:
    """The replays' evidence, sentence by sentence."""
    lines = [played_text(estimate), *competent_defence_texts(estimate), *real_play_texts(estimate),
             *only_real_play_texts(estimate)]
    total = sd_evidence(estimate).play_out_count or 0
    return lines + [representative_text(representative, total) for representative in representatives_of(estimate)]


def _competent(evidence: SdEvidence) -> str:
    """How many play-outs a competent defence set aside, where the standard reads the defence so."""
    if evidence.competent is None:
        return ""
    counted = (f"; counting them, {weighted_tricks(evidence.competent.as_estimated)}" if set_aside(evidence) else "")
    return f", defence competent ({set_aside(evidence)} play-outs with a slip set aside{counted})"


def _player_model(evidence: SdEvidence) -> str:
    """A calibration run's model of the players, where it has one (nothing in a shipped level)."""
    model = evidence.player_model or {}
    return "".join(f", {name.replace('_', ' ')} {value}" for name, value in model.items())


def playout_method(estimate: Estimate) -> str:
    """The parameters that reproduce the play-outs."""
    e = sd_evidence(estimate)
    return (f"single dummy (sd, level {e.level}): {e.play_out_count} play-outs, "
            f"{e.layouts} layouts a decision, temperature {e.temperature}, defence sight "
            f"{e.defence_sight}{_competent(e)}{_player_model(e)}, "
            f"seed {e.seed}; "
            f"play-outs {weighted_tricks(e.play_outs)}; "
            f"position-blind {weighted_tricks(e.position_blind)} (double dummy "
            f"{e.double_dummy}, weighing {round(e.blend, 6)} in the blend at this point of the play, where the "
            f"play-outs were {e.agreement or 'unanimous'}).")


def settled_of(ruling: BoardRuling) -> dict[str, Any] | None:
    """How settled the ruling is against the sampling (None when no estimate sampled): the least share, over the
    sampled estimates, of resamples of the play-outs that give the same form, each estimate's play-outs run, the
    most allowed, and the forms the least settled estimate's other resamples gave (declarer's side's tricks in
    its world, each with its share)."""
    sampled = [settled.evidence() for estimate in ruling.estimates.values()
               if (settled := sd_evidence(estimate).settled) is not None]
    if not sampled:
        return None
    least = min(sampled, key=lambda evidence: float(str(evidence["same_form_share"])))
    return {"from": "resamples of the play-outs", "same_form_share": least["same_form_share"],
            "resamples": sampled[0]["resamples"], "settled": all(bool(e["settled"]) for e in sampled),
            "play_outs": [e["play_outs_run"] for e in sampled], "max_playouts": least["max_playouts"],
            "form": least["form"], "other_forms": least["other_forms"]}


def settled_text(ruling: BoardRuling) -> str | None:
    """How settled the ruling is, in a sentence (None when no estimate sampled); when it is not, the form the
    other resamples give most often, written like the ruling where its results are the ruling's."""
    settled = settled_of(ruling)
    if settled is None:
        return None
    runs = " and ".join(str(count) for count in settled["play_outs"])
    share = round(100 * float(settled["same_form_share"]))
    other = other_form(ruling, settled)
    also = "" if other is None else f", and {other[0]}% give {other[1]}"
    opening = (f"How settled: {share}% of {settled['resamples']} resamples of the play-outs ({runs} play-outs) give "
               f"the same weighted form of the estimate{also}.")
    if settled["settled"]:
        return f"{opening} The ruling is settled. Rerunning with other seeds is the direct check (benchmarks/bench_stability.py)."
    return (f"{opening} The ruling is not settled within the most play-outs allowed ({settled['max_playouts']}; the sd "
            "option --max-playouts allows more): another seed may weight it differently. Rerunning with other seeds "
            "is the direct check (benchmarks/bench_stability.py).")


def unsettled_note(ruling: BoardRuling) -> str | None:
    """For a committee, in plain words, where the weights are not settled: the score the same replays, drawn
    again, also give, and how often, as a note beside the one score the law gives, never a second choice (None
    where the ruling is settled, nothing was sampled, or the estimate left in
    doubt is not the one the written score comes from: the method says how settled each estimate is)."""
    settled = settled_of(ruling)
    if settled is None or settled["settled"]:
        return None
    share = round(100 * float(settled["same_form_share"]))
    other = other_form(ruling, settled)
    if other is None or not other[2]:
        return None
    worths = _worths_of_both(ruling, other[3])
    return (f"The weights are not settled: taking the replays again at random gives them {share} times in 100, and "
            f"{other[1]} {other[0]} times{worths}. The score written is the ruling (Law 12C1c, with Law 84D); more "
            "replays would settle the weights further.")


def _worths_of_both(ruling: BoardRuling, other: tuple[tuple[int, float], ...]) -> str:
    """``, worth +481.0 points to North-South against +484.0 for the score written`` (empty without a
    non-offending side)."""
    side = next((step.non_offending for step in ruling.steps_of(ScoreAssigned)
                 if isinstance(step, ScoreAssigned) and step.non_offending is not None), None)
    contract = ruling.record.contract
    if side is None or contract is None or not other:
        return ""
    sign = 1 if side == 0 else -1

    def worth(outcomes: Sequence[tuple[int, float]]) -> float:
        return weighted_worth(lambda tricks: sign * ns_score(contract, tricks, ruling.record.vulnerability),
                              tuple(outcomes))

    written = worth([(outcome.tricks, outcome.weight) for outcome in (ruling.ns if side == 0 else ruling.ew)])
    return f" ({worth(other):+.1f} to {SIDE_NAMES[side]}, against {written:+.1f} for the score written)"


def other_form(ruling: BoardRuling, settled: dict[str, Any]
               ) -> tuple[int, str, bool, tuple[tuple[int, float], ...]] | None:
    """The other form the resamples gave most often (None: there was none): its share in percent, the form
    written like the ruling where the estimate's form maps onto the ruling's results trick for trick (True, with
    those results), else as declarer's side's tricks in the estimate's world (False). The ruling's results are the estimate's only
    where its score is the weighted form of an estimate (``_written_from_the_estimate``)."""
    others = settled.get("other_forms") or []
    if not others:
        return None
    other = [(int(tricks), float(weight)) for tricks, weight in others[0]["form"]]
    share = round(100 * float(others[0]["share"]))
    form = sorted(int(tricks) for tricks, _ in settled.get("form") or [])
    written = sorted(outcome.tricks for outcome in ruling.ns)
    offsets = {after - before for before, after in zip(form, written, strict=False)}
    if (ruling.same_for_both and _written_from_the_estimate(str(ruling.law)) and len(form) == len(written)
            and len(offsets) == 1):
        offset = offsets.pop()
        if {tricks for tricks, _ in other} <= set(form):
            mapped = tuple((t + offset, w) for t, w in other)
            return share, weighted_result(ruling.record.contract, mapped), True, mapped
    return share, f"{weighted_tricks(other)} for declarer's side in that world", False, ()


def _written_from_the_estimate(law: str) -> bool:
    """Whether a ruling under ``law`` writes its score from an estimate's form: an adjusted score (64C1, 64C2a) or
    a correction's play (62A, 62D); not a transfer that stands (64A alone) or 64C2b's per-side results."""
    return "64C1" in law or "64C2a" in law or law.startswith(("62A", "62D"))
