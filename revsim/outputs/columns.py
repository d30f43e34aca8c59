"""The columns of scan rows, board rows and revoke rows, with their pandas dtypes (documented in docs/archives.md)."""

from __future__ import annotations

BOARD_COLUMNS: dict[str, str] = {
    "file": "string",          # the file the board came from
    "board": "string",         # the board as named in the file
    "event": "string",         # the event, as the record names it
    "date": "string",          # the date, as the record gives it
    "session": "string",       # the session or round (case file session, PBN [Round])
    "table": "string",         # the table (case file table, PBN [Table])
    "room": "string",          # the room (PBN [Room])
    "director": "string",      # the director who ruled (case file director)
    "scoring": "string",       # the event's form of scoring as the record names it (PBN [Scoring], case file scoring)
    "north": "string",         # the players' names, where the record gives them
    "east": "string",
    "south": "string",
    "west": "string",
    "status": "string",        # ok, error or no-play
    "error": "string",         # the error message, for status error
    "line": "Int64",           # the line of the board (or of the error) in the file
    "contract": "string",      # like 4S, 3NTX
    "declarer": "string",      # N, E, S or W
    "vulnerable": "string",    # None, NS, EW or All
    "table_tricks": "Int64",   # declarer's side's tricks as played and claimed (a claim ruled on: as made)
    "claimed": "boolean",      # a claim or concession ended the play
    "claim_status": "string",  # agreed, contested, withdrawn or conceded, where a case file says (empty otherwise)
    "claim_tricks": "Int64",   # declarer's side's tricks as claimed (before Law 70 or 71)
    "claim_ruled": "Int64",    # declarer's side's tricks Law 70 or 71 gives (the total the revoke laws start from)
    "revokes": "Int64",        # number of revokes found
    "revokers": "string",      # the revoking players in order, like "E;S"
    "transfer": "Int64",       # tricks transferred under Law 64A
    "law": "string",           # the laws of the ruling: none, 70, 71, 16B, 64A, 64B1-64B8, 64C1, 64A+64C2a, 70+64A...
    "tricks_ns": "Float64",    # declarer's side's expected tricks after the ruling, North-South's result
    "tricks_ew": "Float64",    # the same, East-West's result (differs only when the sides' results differ)
    "outcomes_ns": "string",   # North-South's result as JSON [[tricks, weight], ...]
    "outcomes_ew": "string",   # East-West's result as JSON
    "score_ns": "Float64",     # North-South's expected score in points, North-South's result
    "score_ew": "Float64",     # North-South's expected score in points, East-West's result
    "table_score": "Int64",    # North-South's score in points at the table
    "notes": "string",         # what revsim noticed about the record, joined with " | "
    "suspect": "string",       # the slip signatures of its revokes, joined with ";" (see laws/slips.py)
    "audit_ruled": "Int64",    # scan --audit-claims: declarer's side's tricks Law 70 gives the recorded claim contested
    "audit_reduced": "boolean",  # the same: fewer than claimed (a director would have reduced the claim)
    "audit_horizon": "Int64",  # the same: the last trick searched card by card, where the search stopped before the end
}

REVOKE_COLUMNS: dict[str, str] = {
    "file": "string",
    "board": "string",
    "trick": "Int64",
    "player": "string",        # N, E, S or W
    "card": "string",          # like SJ
    "suit_led": "string",      # S, H, D, C, or empty for a lead
    "kind": "string",          # failure to follow suit, penalty card not played, lead restriction broken
    "established": "boolean",
    "established_by": "string",  # 63A1, 63A3, 63A4
    "law": "string",           # the clause applied: 64A1, 64A2, 64B1-64B8, 62A, 62B1, 62B2, 62D
    "transfer": "Int64",
    "suspect": "string",       # a recording slip's signature: same-rank, several-in-trick, many-revokes, swapped
}
