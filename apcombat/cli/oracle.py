"""`apcombat oracle`: a yes/no answer for a game master playing solo."""

from __future__ import annotations

import argparse
import json
import os

from apcombat.cli.output import fail

ODDS = (
    "certain",
    "nearly_certain",
    "very_likely",
    "likely",
    "fifty_fifty",
    "unlikely",
    "very_unlikely",
    "nearly_impossible",
    "impossible",
)

WORDS = {
    "exceptional_yes": "EXCEPTIONAL YES",
    "yes": "YES",
    "no": "NO",
    "exceptional_no": "EXCEPTIONAL NO",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "oracle",
        help="answer a yes/no question with odds and a chaos factor (solo play)",
        description="Roll d100 against the fate chart for the odds and chaos factor (or give the roll).",
    )
    parser.add_argument("--odds", required=True, choices=ODDS, help="how likely a yes is")
    parser.add_argument("--chaos", type=int, default=5, choices=range(1, 10), metavar="1-9", help="chaos factor")
    parser.add_argument("--roll", metavar="N", help="a d100 rolled on the table (00 is 100)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed for the program's roll")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from apcombat.dice import DiceRequest, SeededDice, read_die
    from apcombat.model.limits import typed_digits
    from apcombat.rules.oracle import Odds, ask_oracle

    if args.roll is not None:
        typed = typed_digits(args.roll)
        if typed is None or len(args.roll) > 3 or not (0 <= typed <= 100):
            shown = args.roll if len(args.roll) <= 8 else f"{args.roll[:8]}…"
            return fail(args, [f"--roll {shown}: a d100 shows 1 to 100 (00 is 100)"])
        roll = read_die(typed, 100)
    else:
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(8))
        dice = SeededDice(seed)
        roll = dice.roll(DiceRequest(sides=100, purpose="the oracle"))
    result = ask_oracle(Odds(args.odds), args.chaos, roll)
    cell = result.thresholds
    if args.json:
        print(
            json.dumps(
                {
                    "odds": result.odds.value,
                    "chaos": result.chaos,
                    "roll": result.roll,
                    "answer": result.answer.value,
                    "random_event": result.random_event,
                    "exceptional_yes": cell.exceptional_yes,
                    "yes": cell.yes,
                    "exceptional_no": cell.exceptional_no,
                }
            )
        )
        return 0
    extra = " — and a RANDOM EVENT happens" if result.random_event else ""
    no = f", exceptional no on {cell.exceptional_no} or more" if cell.exceptional_no else ""
    print(f"{WORDS[result.answer.value]}{extra}")
    print(
        f"d100 = {roll}; {result.odds.value.replace('_', ' ')} at chaos {result.chaos}: exceptional yes on "
        f"{cell.exceptional_yes} or less, yes on {cell.yes} or less{no}"
    )
    return 0
