"""`play`'s plain arguments read without argparse (game/playargs.py) give what argparse gives;
anything else is left to argparse, whose messages stay."""

from __future__ import annotations

import pytest

from game.cliparser import build_parser
from game.errors import UserError
from game.playargs import quick_play_args

SAME = [
    ["--ruleset", "voidmarked", "--seed", "3"],
    ["--ruleset=casket"],
    ["--seed", "007", "--ruleset", "tokens", "--p1", "ai:hard", "--p2=human", "--map", "tokens_yard"],
    ["--ruleset", "saves", "--option", "a=b", "--option=c=d", "--pc", "p1", "--squad", "p1=x.toml"],
    ["--ruleset", "varium", "--p2", "baseline", "--seed", str(2**63 - 1)],
]

LEFT = [
    ["--ruleset", "voidmarked", "--seed", "-1"],
    ["--ruleset", "voidmarked", "--seed", str(2**63)],
    ["--ruleset", "voidmarked", "--seed", " 3"],
    ["--ruleset", "voidmarked", "--seed", "3", "--seed", "4"],
    ["--ruleset", "nowhere"],
    ["--rule", "voidmarked"],
    ["--ruleset", "voidmarked", "--p1", "ai:clever"],
    ["--ruleset"],
    ["-h"],
    ["--seed", "3"],
    ["--ruleset", "voidmarked", "extra"],
]


@pytest.mark.parametrize("argv", SAME)
def test_plain_play_arguments_read_as_argparse_reads_them(argv):
    full = vars(build_parser("play").parse_args(["play", *argv]))
    assert vars(quick_play_args(argv)) == full


@pytest.mark.parametrize("argv", LEFT)
def test_anything_else_is_left_to_argparse(argv):
    assert quick_play_args(argv) is None


def test_a_refused_line_still_gets_argparses_message():
    with pytest.raises(UserError, match="seed must be at most"):
        from game.cli import run

        run(["play", "--ruleset", "voidmarked", "--seed", str(2**63)])
