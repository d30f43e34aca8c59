"""A claim or concession as data: who claimed, at which card, the tricks claimed, whether it was agreed,
contested or withdrawn, and the clarification statement as a line of steps that name cards and suits.

The statement is never free text the program parses: each step is one action of ``ACTIONS`` with the cards,
suits and opponent it names. The players' own words stay beside it (``Claim.words``), as they said them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from revsim.cards import SEAT_LETTERS, SEAT_NAMES, SUIT_LETTERS, SUIT_SYMBOLS, Card, Seat, card_with_symbol, seat_from_letter


class ClaimStatus(StrEnum):
    """What became of a claim: agreed by the opponents, contested (the director rules, Law 70), withdrawn
    (Law 68D: the play went on), or a concession brought to the director within the correction period, agreed at
    the table or not (Law 71: a trick that could not be lost by any normal play is given back)."""

    AGREED = "agreed"
    CONTESTED = "contested"
    WITHDRAWN = "withdrawn"
    CONCEDED = "conceded"


CLAIM_STATUSES = tuple(str(status) for status in ClaimStatus)

ACTIONS: dict[str, str] = {
    "ruff": "ruff the suit led when it comes (`suit`), with the named trump where one is named (`card`)",
    "draw-trumps": "lead trumps until the opponents have none",
    "cash": "cash the named winners (`cards`), in any order among them",
    "run": "run a suit (`suit`): lead it until the claimer's side has none",
    "crossruff": "ruff the named suits (`suits`) alternately in the two hands",
    "finesse": "finesse a card (`card`) through an opponent (`through`): lead towards it and play it when that "
               "opponent plays low",
    "lead": "lead a card (`card`) when its hand is on lead",
    "concede": "give up a trick in a suit (`suit`) when the claimer's side must lead it",
    "trump-mentioned": "the outstanding trump was mentioned (Law 70C)",
    "no-line": "no line was stated (\u201cthe rest are mine\u201d): every normal line counts",
}
"""The statement's vocabulary: every action a step can name, with what it asks of the claimer's side."""

STEP_KEYS: dict[str, tuple[str, ...]] = {
    "ruff": ("suit", "card"), "draw-trumps": (), "cash": ("cards",), "run": ("suit",), "crossruff": ("suits",),
    "finesse": ("card", "through"), "lead": ("card",), "concede": ("suit",), "trump-mentioned": (), "no-line": ()}
"""The keys each action's step takes (the desk asks for just these)."""
_REQUIRED = {"ruff": ("suit",), "cash": ("cards",), "run": ("suit",), "crossruff": ("suits",),
             "finesse": ("card", "through"), "lead": ("card",), "concede": ("suit",)}


class ClaimStepError(ValueError):
    """A step of a statement that cannot be read, or cannot be followed from the claim's position: the message
    names the step, and ``line`` is its line in the case file (None where unknown)."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class ClaimStep:
    """One step of a claimer's statement: an action of ``ACTIONS`` with the cards, suits and opponent it names."""

    action: str
    cards: tuple[Card, ...] = ()
    suits: tuple[int, ...] = ()
    through: Seat | None = None
    number: int = 1
    line: int | None = None

    def describe(self) -> str:
        """The step in a director's words, cards as ♠J."""
        cards = " ".join(card_with_symbol(card) for card in self.cards)
        suits = " and ".join(SUIT_SYMBOLS[suit] for suit in self.suits)
        if self.action == "ruff":
            return f"ruff the {suits}" + (f" with the {cards}" if cards else "")
        if self.action == "draw-trumps":
            return "draw trumps"
        if self.action == "cash":
            return f"cash {cards}"
        if self.action == "run":
            return f"run the {suits}"
        if self.action == "crossruff":
            return f"crossruff {suits}"
        if self.action == "finesse":
            assert self.through is not None
            return f"finesse the {cards} through {SEAT_NAMES[self.through]}"
        if self.action == "lead":
            return f"lead the {cards}"
        if self.action == "concede":
            return f"give up a {suits} trick"
        if self.action == "no-line":
            return "no line stated"
        return "the outstanding trump was mentioned"

    def as_table(self) -> dict[str, Any]:
        """The step as a case file writes it."""
        table: dict[str, Any] = {"do": self.action}
        if self.action in ("ruff", "run", "concede") and self.suits:
            table["suit"] = SUIT_LETTERS[self.suits[0]]
        if self.action == "crossruff":
            table["suits"] = [SUIT_LETTERS[suit] for suit in self.suits]
        if self.action == "cash":
            table["cards"] = [str(card) for card in self.cards]
        elif self.cards:
            table["card"] = str(self.cards[0])
        if self.through is not None:
            table["through"] = SEAT_LETTERS[self.through]
        return table


@dataclass(frozen=True)
class Claim:
    """A claim or concession: ``by`` ``declarer`` or ``defenders``; ``tricks`` declarer's side's total as claimed;
    ``after_cards`` how many cards had been played when it was made (from the first card of the record's play);
    ``steps`` the statement, in order unless ``any_order``; ``words`` what the claimer said, as he said it."""

    by: str
    tricks: int
    status: ClaimStatus = ClaimStatus.AGREED
    steps: tuple[ClaimStep, ...] = ()
    any_order: bool = False
    words: str = ""
    after_cards: int | None = None
    line: int | None = None

    claimer: Seat | None = None
    """Who claimed or conceded, where the record says (a defenders' claim: which defender; Law 70D2 is about his
    partner's choices)."""

    @property
    def contested(self) -> bool:
        return self.status == ClaimStatus.CONTESTED

    @property
    def conceded(self) -> bool:
        """A concession brought to the director (Law 71), not a contested claim."""
        return self.status == ClaimStatus.CONCEDED

    @property
    def ruled_by_director(self) -> bool:
        """Whether the director rules on it: a contested claim (Laws 70 and 71) or a concession brought to him in
        the correction period (Law 71)."""
        return self.status in (ClaimStatus.CONTESTED, ClaimStatus.CONCEDED)

    def mentions_trumps(self) -> bool:
        """Whether the statement speaks of the opponents' trumps (drawing them, or the outstanding trump)."""
        return any(step.action in ("draw-trumps", "trump-mentioned") for step in self.steps)

    def describe_steps(self) -> str:
        """The statement's steps in a director's words, joined (empty when there are none)."""
        text = "; ".join(step.describe() for step in self.steps)
        return text + ("; in any order" if self.any_order and len(self.steps) > 1 else "")


def parse_step(entry: Any, number: int, line: int | None = None) -> ClaimStep:
    """One step from a case file's table (``{ do = "ruff", suit = "S", card = "H9" }``); ValueError naming the
    step and what is wrong."""
    where = f"claim step {number}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be a table like {{ do = \"cash\", cards = [\"CA\", \"CK\"] }}")
    action = str(entry.get("do", "")).strip().lower()
    if action not in ACTIONS:
        raise ValueError(f"{where}: `do` must be one of {', '.join(ACTIONS)}, not {entry.get('do')!r}")
    unknown = sorted(set(entry) - {"do", *STEP_KEYS[action]})
    if unknown:
        raise ValueError(f"{where} ({action}) does not take {', '.join(unknown)}; it takes "
                         f"{', '.join(STEP_KEYS[action]) or 'nothing more'}")
    missing = [key for key in _REQUIRED.get(action, ()) if key not in entry]
    if missing:
        raise ValueError(f"{where} ({action}) needs {', '.join(missing)}: {ACTIONS[action]}")
    cards = tuple(_card(text, where) for text in entry.get("cards", ()))
    repeated = next((card for index, card in enumerate(cards) if card in cards[:index]), None)
    if repeated is not None:   # a card is cashed once: a list of repeats is a typing slip, never a line
        raise ValueError(f"{where} ({action}) names the {repeated} more than once")
    if "card" in entry:
        cards = (_card(entry["card"], where),)
    suits = tuple(_suit(text, where) for text in entry.get("suits", ()))
    if "suit" in entry:
        suits = (_suit(entry["suit"], where),)
    through = _seat(entry["through"], where, "through") if "through" in entry else None
    return ClaimStep(action, cards, suits, through, number, line)


def _seat(value: Any, where: str, key: str) -> Seat:
    """A seat's letter from a case file's ``key``; ValueError naming where it is and what it takes."""
    try:
        return seat_from_letter(str(value))
    except ValueError:
        raise ValueError(f"{where}: `{key}` must be a seat (N, E, S or W), not {value!r}") from None


def _card(text: Any, where: str) -> Card:
    try:
        return Card.parse(str(text))
    except ValueError:
        raise ValueError(f"{where}: {text!r} is not a card like SK or H10") from None


def _suit(text: Any, where: str) -> int:
    letter = str(text).strip().upper()[:1]
    if not letter or letter not in SUIT_LETTERS:
        raise ValueError(f"{where}: {text!r} is not a suit (S, H, D or C)")
    return SUIT_LETTERS.index(letter)


def parse_status(text: Any) -> ClaimStatus:
    """``agreed``, ``contested`` or ``withdrawn``; ValueError otherwise."""
    value = str(text).strip().lower()
    if value not in CLAIM_STATUSES:
        raise ValueError(f"claim: `status` must be one of {', '.join(CLAIM_STATUSES)}, not {text!r}")
    return ClaimStatus(value)


def claim_of(table: dict[str, Any], by: str, tricks: int, step_lines: list[int], line: int | None) -> Claim:
    """A case file's claim table as a ``Claim`` (``by`` from its ``by`` key, read with the facts); ValueError naming
    the step or key that is wrong (ClaimStepError, with the step's line, for a step). A contested claim needs its
    statement's steps."""
    status = parse_status(table.get("status", "agreed"))
    entries = table.get("steps", [])
    steps: list[ClaimStep] = []
    for number, entry in enumerate(entries, start=1):
        step_line = step_lines[number - 1] if number <= len(step_lines) else line
        try:
            steps.append(parse_step(entry, number, step_line))
        except ValueError as error:
            raise ClaimStepError(str(error), step_line) from None
    if status == ClaimStatus.CONTESTED and not steps:
        raise ValueError("claim: a contested claim needs the statement as steps (`steps = [{ do = ... }]`; a claimer "
                         "who stated no line: `steps = [{ do = \"no-line\" }]`)")
    if status == ClaimStatus.CONCEDED and not steps:
        steps = [ClaimStep("no-line", line=line)]   # a concession states no line: every normal line counts
    claimer = _seat(table["claimer"], "claim", "claimer") if "claimer" in table else None
    return Claim(by, tricks, status, tuple(steps), bool(table.get("any_order", False)), str(table.get("statement", "")),
                 line=line, claimer=claimer)
