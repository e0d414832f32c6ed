#!/usr/bin/env python3
"""Writes one section of BENCHMARKS.md from a run that just measured something.

    tools/record_figures.py bench OUTPUT     make bench: OUTPUT is what the benchmarks printed
    tools/record_figures.py test TIMES LOG   make test: TIMES holds "phase<TAB>seconds" lines, LOG what
                                             the Swift suites printed (for their test counts)
    tools/record_figures.py coverage OUTPUT  make coverage: OUTPUT is its table

Each section sits between `<!-- begin: make X -->` and `<!-- end: make X -->` and is replaced whole,
headed by when, at which commit and on what machine it was measured; the rest of the file is kept, so
that no figure in it is ever copied by hand.
"""

import datetime
import os
import platform
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILE = os.path.join(ROOT, "BENCHMARKS.md")
TITLES = {
    "bench": "Benchmarks (`make bench`, release build)",
    "test": "How long the tests take (`make test`)",
    "coverage": "Line coverage (`make coverage`)",
}
PREAMBLE = """# Measured figures

Every figure below was written by the command that measured it, with the date, the commit and the
machine; none is copied by hand. `make bench` rewrites the benchmarks, `make test` the test times
and `make coverage` the coverage, each its own section. What each benchmark measures and why its
target is what it is: the README's "Measured figures" section.
"""


def git(*arguments):
    try:
        return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def provenance():
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = " with uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else ""
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = re.findall(r"^model name\s*:\s*(.+)$", info.read(), re.M)
            cpu = f", {names[0]}" if names else ""
    except OSError:
        pass
    swift = ""
    try:
        version = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=30)
        found = re.search(r"Swift version (\S+)", version.stdout + version.stderr)
        swift = f", Swift {found.group(1)}" if found else ""
    except (OSError, subprocess.SubprocessError):
        pass
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"Measured on {now} at commit `{commit}`{dirty}, on {platform.system()} {platform.machine()} "
            f"with {os.cpu_count()} cores{cpu}{swift}.")


def bench_body(output_path):
    with open(output_path, encoding="utf-8") as output:
        return output.read().strip()


def test_body(times_path, log_path):
    with open(times_path, encoding="utf-8") as times:
        phases = [line.rstrip("\n").split("\t") for line in times if "\t" in line]
    log = ""
    if log_path and os.path.exists(log_path):
        with open(log_path, encoding="utf-8", errors="replace") as file:
            log = file.read()
    counts = []
    xctest = re.findall(r"Executed (\d+) tests?, with (\d+) failures?", log)
    if xctest:
        counts.append(f"XCTest: {xctest[-1][0]} tests")
    testing = re.findall(r"Test run with (\d+) tests? in (\d+) suites? passed", log)
    if testing:
        counts.append(f"Swift Testing: {testing[-1][0]} tests in {testing[-1][1]} suites")
    beside = "beside `../shared`" if os.path.isdir(os.path.join(ROOT, "..", "shared")) else "with no `../shared`"
    rows = ["| phase | seconds |", "| --- | ---: |"]
    total = 0
    for name, seconds in phases:
        rows.append(f"| {name} | {seconds} |")
        total += int(seconds)
    rows.append(f"| all | {total} |")
    lines = [f"A run {beside}" + (f"; {', '.join(counts)}" if counts else "") + ".", "", *rows]
    return "\n".join(lines)


def write(kind, body):
    begin, end = f"<!-- begin: make {kind} -->", f"<!-- end: make {kind} -->"
    section = f"{begin}\n## {TITLES[kind]}\n\n{provenance()}\n\n{body}\n{end}"
    text = PREAMBLE
    if os.path.exists(FILE):
        with open(FILE, encoding="utf-8") as file:
            text = file.read()
    if begin in text and end in text:
        before, rest = text.split(begin, 1)
        text = before + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(FILE, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"record_figures: wrote the {kind} section of BENCHMARKS.md")


def main(arguments):
    if len(arguments) >= 2 and arguments[0] in ("bench", "coverage"):
        write(arguments[0], bench_body(arguments[1]))
    elif len(arguments) >= 2 and arguments[0] == "test":
        write("test", test_body(arguments[1], arguments[2] if len(arguments) > 2 else None))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
