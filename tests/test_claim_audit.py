"""Law 70 over an archive's recorded claims: ``scan --audit-claims`` rules each claim a record ends with as if it
had been contested with no line stated, beside the ruling, never in it."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.claims.audit import law70_audit_of_a_recorded_claim
from revsim.claims.law70 import rule_claim
from revsim.cli import main
from revsim.outputs.rowfiles import read_rows
from revsim.records.casefile import parse_case
from revsim.records.claim import Claim, ClaimStatus, ClaimStep
from revsim.records.record import Record
from tests.conftest import CORPUS, HANDS, needs_corpus, random_position

WRONG_CLAIM = (HANDS / "kooijman-wrong-claim.toml").read_text(encoding="utf-8")
AGREED = re.sub(r'status = "contested"', 'status = "agreed"', WRONG_CLAIM)
"""The lecture's wrong claim (10 tricks claimed, a trump left out), agreed at the table: the table result stands.
Contested with its statement, the director gives 9; with no line stated, fewer."""


def test_law70_audit_of_an_agreed_claim_is_what_a_director_would_give_it_contested_with_no_line() -> None:
    [record] = list(parse_case(AGREED, "agreed.toml"))
    assert isinstance(record, Record) and record.contract is not None
    ruling = adjudicate(record, Settings(estimator="dd"))
    assert ruling.claim is None and ruling.table_tricks == 10 and str(ruling.law) == "none"   # agreed: it stands
    standard = Settings().claim_standard()
    audit = law70_audit_of_a_recorded_claim(ruling.table.replay, record.contract.declarer, 10, standard)
    contested = rule_claim(ruling.table.replay, record.contract.declarer,
                           Claim("declarer", 10, ClaimStatus.CONTESTED, (ClaimStep("no-line"),)), standard)
    assert (audit.claimed, audit.ruled, audit.reduced) == (10, contested.ruled, True) and audit.ruled <= 9


def test_scan_audit_claims_writes_the_audit_beside_the_ruling_and_only_when_asked(tmp_path: Path) -> None:
    case = tmp_path / "agreed.toml"
    case.write_text(AGREED, encoding="utf-8")
    played_out = HANDS / "duschek-too-late-a.pbn"
    runner = CliRunner()
    for audit, out in ((True, tmp_path / "audited.csv"), (False, tmp_path / "plain.csv")):
        result = runner.invoke(main, ["scan", str(case), str(played_out), "--estimator", "dd", "--jobs", "1", "--out",
                                      str(out), "--quiet", *(["--audit-claims"] if audit else [])])
        assert result.exit_code == 0, result.output
    audited, plain = read_rows(tmp_path / "audited.csv"), read_rows(tmp_path / "plain.csv")
    claim = audited[audited.board == "kooijman-wrong-claim"].iloc[0]
    assert claim.table_tricks == 10 and claim.audit_ruled <= 9 and bool(claim.audit_reduced)
    assert audited.drop(columns=["audit_ruled", "audit_reduced", "audit_horizon"]).equals(
        plain.drop(columns=["audit_ruled", "audit_reduced", "audit_horizon"]))   # the ruling is not touched
    assert plain.audit_ruled.isna().all()
    revoke_board = audited[audited.board != "kooijman-wrong-claim"].iloc[0]
    assert revoke_board.audit_ruled is None or str(revoke_board.audit_ruled) == "<NA>"   # a revoke's claim: not audited


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_law70_audit_is_the_contested_no_line_ruling_of_the_claim(seed: int, length: int) -> None:
    """On random endings, the audit of a claim of every trick left is Law 70's ruling on that claim contested with
    no line stated, and it is reduced exactly when that ruling gives fewer tricks."""
    position = random_position(seed, length)
    declarer = (position.to_play + seed) % 4
    side = declarer % 2
    claimed = position.tricks_won(side) + 13 - position.tricks_won(0) - position.tricks_won(1)
    standard = Settings().claim_standard()
    audit = law70_audit_of_a_recorded_claim(position, declarer, claimed, standard)
    contested = rule_claim(position, declarer, Claim("declarer", claimed, ClaimStatus.CONTESTED,
                                                     (ClaimStep("no-line"),)), standard)
    assert audit.ruled == contested.ruled <= claimed
    assert audit.reduced == (contested.ruled < claimed)


@needs_corpus()
def test_scan_audits_the_claims_of_a_vugraph_final(tmp_path: Path) -> None:
    """The 2004 Olympiad final's records end in claims: every claim of a board without a revoke is audited."""
    out = tmp_path / "rows.csv"
    source = CORPUS / "hammond-vugraph" / "00170.lin"
    result = CliRunner().invoke(main, ["scan", str(source), "--estimator", "dd", "--jobs", "1", "--audit-claims",
                                       "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    rows = read_rows(out)
    claimed = rows[rows.claimed.fillna(False).astype(bool) & (rows.revokes == 0)]
    assert len(claimed) > 10 and claimed.audit_ruled.notna().all()
    assert (claimed.audit_ruled <= claimed.table_tricks).all()
    assert (claimed.audit_reduced == (claimed.audit_ruled < claimed.table_tricks)).all()
