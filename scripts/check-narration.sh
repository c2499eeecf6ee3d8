#!/usr/bin/env bash
# Fails when a tracked file narrates how the product was built instead of saying what it is.
# The tree speaks of the product; the history of the work is git's (CONTRIBUTING.md).
#
# Scanned: every tracked text file (`git ls-files`: README, CONTRIBUTING, docs, Sources, Tests,
# scripts, Compose, Examples, Protos, Console, Fuzz, Package.swift, .ci), except generated code
# (`*/Generated/*`, `*.pb.swift`, `*.pb-c.[ch]`, `*_pb2.py`), fixtures (`*/Fixtures/*`,
# `*.golden`) and this script, whose patterns would match themselves.
#
# Caught (case-insensitive), each a way the tree has told its own history:
#   - work items:      the words issue(s) or stop followed by a number
#   - reports:         a run named as the one of record (the third pattern below)
#   - work periods:    a working period named by a demonstrative or an ordinal (the fourth
#                      pattern below); a `URLSession` or a browser tab's session is not one
#   - dated runs:      a date with an hour and minute but no seconds ("2026-11-29 12:37"): a log
#                      line or a timestamp format example has seconds ("2026-11-25 01:18:07 UTC")
#   - prose dates:     "29 November 2026", "November 29, 2026"; a calendar example without a
#                      year ("31 January + P1M = 28 February") is product behaviour
#   - dated changes:   a bare date after "since", "until", "till", "on",
#                      "as of", or opening a parenthesis ("(2026-11-28; …", "(2026-11-25)"), or
#                      after a comma and followed by punctuation or the end of the line
#                      ("schema v4, 2026-11-27)")
#   - dated headings:  a Markdown heading with a date in parentheses
# Not caught, because it is data: ISO 8601 instants (`2030-01-17T00:00:00Z`,
# `--from 2026-12-01T00:00:00Z`), dates after `@`, "at", "before" or "after" in expected events
# and test-clock setups ("27 days before 2030-02-01"), dates in code comments that state an
# input ("// 2030-01-01"). Write a product date in prose as an instant or with "at", not "on".
#
#   scripts/check-narration.sh        prints FILE:LINE: TEXT for each finding, exits 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."

months='January|February|March|April|May|June|July|August|September|October|November|December'
date='20[0-9]{2}-[01][0-9]-[0-3][0-9]'
bare_date="$date(?![T0-9])"
patterns=(
    '\bissues? [0-9]+\b'
    '\bstops? [0-9]+\b'
    '\bruns? of record\b'
    '\b(this|that|the previous|previous|last|earlier|same|next|first|second|third|fourth|fifth) session\b'
    "$date [0-2][0-9]:[0-5][0-9](?![:0-9])"
    "\b[0-9]{1,2} ($months) 20[0-9]{2}\b"
    "\b($months) [0-9]{1,2}, 20[0-9]{2}\b"
    "\b(since|until|till|on|as of) $bare_date"
    "\(\s*$bare_date"
    ", $bare_date\s*([,;.)]|$)"
    "^#+ .*\($date"
)

args=()
for pattern in "${patterns[@]}"; do args+=(-e "$pattern"); done

findings=$(git grep -n -I -i -P "${args[@]}" -- . \
    ':(exclude)*/Generated/*' ':(exclude)*.pb.swift' ':(exclude)*.pb-c.c' ':(exclude)*.pb-c.h' \
    ':(exclude)*_pb2.py' ':(exclude)*/Fixtures/*' ':(exclude)*.golden' \
    ':(exclude)scripts/check-narration.sh' || true)

if [[ -n $findings ]]; then
    echo "$findings"
    echo "check-narration: $(wc -l <<<"$findings") line(s) narrate how the product was built" \
        "(work items, working periods, reference runs, dated runs); say what the product does instead" \
        "(scripts/check-narration.sh says what it catches)" >&2
    exit 1
fi
echo "check-narration: no narration in $(git ls-files | wc -l) tracked files"
