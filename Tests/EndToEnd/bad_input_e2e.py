#!/usr/bin/env python3
"""Every row of README.md's "Bad input" table, run against the real binary.

The table is the specification: each row's Run command is run as written (`shop` is the binary, `\\e`
an escape character) in a scratch directory holding the files below, on a pseudo-terminal unless it
ends in `</dev/null`; its standard error must be the row's Message exactly (with the time in a
moved-aside file name written as YYYYMMDDTHHMMSSZ) and its exit status the row's Status. A row whose
message is "(none ...)" must start the app, draw no colour, and quit on `q`.

Builds nothing: run `swift build` first (`make e2e` does). SHOP_BINARY overrides the binary path.
"""

import fcntl
import os
import re
import select
import shlex
import struct
import subprocess
import tempfile
import termios
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(os.environ.get("SHOP_BINARY", os.path.join(ROOT, ".build", "debug", "shop")))
README = os.path.join(ROOT, "README.md")
TIMEOUT_SECONDS = 30

ITEM = '{"id": "a", "name": "A", "price": 1}'
# The files the table's commands name. held.json is a state file this test locks while the row runs.
FILES = {
    "truncated.json": '{"currency": "EUR", "items": [',
    "duplicate.json": '{"currency": "EUR", "items": [%s, %s]}' % (ITEM, ITEM.replace('"A"', '"B"')),
    "negative-price.json": '{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": -5}]}',
    "escape-in-name.json": '{"currency": "EUR", "items": [{"id": "a", "name": "\\u001b[2JA", "price": 1}]}',
    "million-and-one.json": '{"currency": "EUR", "items": [' + ",".join([ITEM] * 1_000_001) + "]}",
    "corrupt.json": "not json",
    "newer.json": '{"version": 99, "basket": [], "orders": []}',
    "escape-in-state.json":
        '{"version": 1, "orders": [], "basket": [{"id": "a", "name": "\\u001b[31mA", "price": 1, "quantity": 1}]}',
    "long-name.json": '{"currency": "EUR", "items": [{"id": "a", "name": "%s", "price": 1}]}' % ("n" * 201),
    "many-keys.json": '{"currency": "EUR", "items": [{"id": "a", %s"name": "A", "price": 1}]}'
        % "".join('"k%d": 0, ' % index for index in range(62)),
    "many-orders-state.json": '{"version": 1, "basket": [], "orders": [%s]}'
        % ", ".join(['{"placedAt": 1700000000, "items": [{"id": "a", "name": "A", "price": 1, "quantity": 1}]}'] * 101),
    "bidi-in-name.json": '{"currency": "EUR", "items": [{"id": "a", "name": "Gold \\u202eeerf", "price": 1}]}',
    "bidi-mark-in-name.json": '{"currency": "EUR", "items": [{"id": "a", "name": "(1\\u200f)", "price": 1}]}',
    "bidi-mark.shop": "add a\u200fb\n",
    "repeated-key.json": '{"currency": "EUR", "items": [{"id": "a", "name": "A", "name": "B", "price": 1}]}',
    "leading-zero.json": '{"currency": "EUR", "items": [{"id": "a", "name": "A", "price": 012}]}',
    "blank-name.json": '{"currency": "EUR", "items": [{"id": "a", "name": " \\u200b ", "price": 1}]}',
    "repeated-wrong-key.json": '{"currency": 5, "currency": "EUR", "items": []}',
    "repeated-key-state.json": '{"version": 1, "version": 2, "basket": [], "orders": []}',
    "bidi-in-state.json":
        '{"version": 1, "orders": [], "basket": [{"id": "a", "name": "Gold \\u202eeerf", "price": 1, "quantity": 1}]}',
    "linked-state.json": '{"version": 1, "basket": [], "orders": []}',
    "empty.shop": "# nothing to do\n",
    "unknown-command.shop": "frob\n",
    "unknown-item.shop": "add pear\n",
    "bad-duration.shop": "wait soon\n",
    "bad-mode.shop": "mode fast\n",
    "escape.shop": "add \x1b[2J\n",
    "bad-lane.shop": "compare fast\n",
    "bad-stage.shop": "lane removeDuplicates | debounce soon\n",
    "bad-pipeline.shop": "lane collect 2 | map +1\n",
}
# Files that are not text: raw bytes, FIFOs, a directory, a symbolic link, and files whose size is all
# that matters (sparse, so they take no disk space).
BYTE_FILES = {"invalid-utf8.json": b'{"currency": "EUR", "items": [{"id": "a", "name": "A\xff", "price": 1}]}'}
FIFOS = ["fifo.json", "fifo-state.json"]
DIRECTORIES = ["directory-state.json"]
LINKS = {"link.json": "linked-state.json", "link-to-held.json": "held.json"}
SPARSE_FILES = {"too-large.json": 256 * 1024 * 1024 + 1, "too-large-state.json": 64 * 1024 * 1024 + 1}
# State files a row moves aside, put back before every row.
MOVED_ASIDE = [
    "corrupt.json", "newer.json", "escape-in-state.json", "repeated-key-state.json", "bidi-in-state.json",
    "many-orders-state.json",
]
HELD_STATE = "held.json"
# An SGR parameter that sets a foreground or background colour.
COLOR_PARAMETER = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")


def table_rows():
    """The rows of the README's "Bad input" table: (input, run, message, status)."""
    with open(README, encoding="utf-8") as file:
        text = file.read()
    section = text.split("\n## Bad input\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith("| Bad input") or line.startswith("| ---"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        what, run, message, status = cells
        rows.append((what, unquote(run), unquote(message), int(status.split()[0])))
    return rows


def unquote(cell):
    return cell[1:-1] if cell.startswith("`") and cell.endswith("`") else cell


def command(run):
    """(argv, environment changes, unset names, whether on a terminal) for a Run cell."""
    words = shlex.split(run.replace("\\e", "\x1b"))
    on_terminal = True
    if words[-1] == "</dev/null":
        on_terminal = False
        words = words[:-1]
    changes, unset = {}, []
    if words[0] == "env":
        words = words[1:]
        while words[0] != "shop":
            if words[0] == "-u":
                unset.append(words[1])
                words = words[2:]
            else:
                name, value = words[0].split("=", 1)
                changes[name] = value
                words = words[1:]
    assert words[0] == "shop", run
    return [BINARY, *words[1:]], changes, unset, on_terminal


def run_row(run, directory, quit_when_drawn):
    """Runs a row; returns (status, standard error, what reached the terminal)."""
    argv, changes, unset, on_terminal = command(run)
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                   "TERM": "xterm-256color", "HOME": directory, **changes}
    for name in unset:
        environment.pop(name, None)
    if not on_terminal:
        result = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, env=environment,
                                cwd=directory, timeout=TIMEOUT_SECONDS)
        return result.returncode, result.stderr.decode(), result.stdout
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=environment,
                               cwd=directory, start_new_session=True)
    os.close(slave)
    screen = b""
    deadline = time.monotonic() + TIMEOUT_SECONDS
    quit_sent = False
    try:
        while process.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    break
            if quit_when_drawn and not quit_sent and b"Basket: 0" in screen:
                os.write(master, b"q")
                quit_sent = True
        status = process.wait(timeout=TIMEOUT_SECONDS)
        return status, process.stderr.read().decode(), screen
    finally:
        if process.poll() is None:
            process.kill()
        process.stderr.close()
        os.close(master)


class BadInputTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="shop-bad-input-")
        for name, content in FILES.items():
            with open(os.path.join(cls.directory, name), "w", encoding="utf-8") as file:
                file.write(content)
        for name, content in BYTE_FILES.items():
            with open(os.path.join(cls.directory, name), "wb") as file:
                file.write(content)
        for name in FIFOS:
            os.mkfifo(os.path.join(cls.directory, name))
        for name in DIRECTORIES:
            os.mkdir(os.path.join(cls.directory, name))
        for name, target in LINKS.items():
            os.symlink(target, os.path.join(cls.directory, name))

    def test_the_table_covers_every_class_of_bad_input(self):
        classes = {what.split(":")[0] for what, _, _, _ in table_rows()}
        self.assertEqual(classes, {"option", "catalog", "state file", "script", "environment"})
        self.assertGreaterEqual(len(table_rows()), 25)

    def test_every_row_gets_its_message_and_status(self):
        for what, run, message, status in table_rows():
            with self.subTest(what=what, run=run):
                self.reset_state_files()
                silent = message.startswith("(none")
                if HELD_STATE in run:
                    with open(os.path.join(self.directory, HELD_STATE + ".lock"), "w") as lock:
                        fcntl.flock(lock, fcntl.LOCK_EX)
                        actual_status, errors, screen = run_row(run, self.directory, silent)
                else:
                    actual_status, errors, screen = run_row(run, self.directory, silent)
                errors = re.sub(r"\d{8}T\d{6}Z", "YYYYMMDDTHHMMSSZ", errors)
                self.assertNotIn("\x1b", errors)
                if silent:
                    self.assertEqual(errors, "")
                    self.assertIn(b"Basket: 0", screen)
                    self.assertIsNone(COLOR_PARAMETER.search(screen.decode(errors="replace")))
                else:
                    self.assertEqual(errors, message + "\n")
                    self.assertNotIn(b"Basket", screen, "the screen was drawn")
                self.assertEqual(actual_status, status)
                for name in LINKS:
                    if name in run:
                        self.assertTrue(os.path.islink(os.path.join(self.directory, name)), "the link was replaced")

    def reset_state_files(self):
        """Puts back the state files a previous row moved aside."""
        for name in os.listdir(self.directory):
            if ".unreadable-" in name:
                os.remove(os.path.join(self.directory, name))
        for name in MOVED_ASIDE:
            with open(os.path.join(self.directory, name), "w", encoding="utf-8") as file:
                file.write(FILES[name])
        for name, size in SPARSE_FILES.items():
            with open(os.path.join(self.directory, name), "wb") as file:
                file.truncate(size)


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"bad_input_e2e: no binary at {BINARY}; run `swift build` first or set SHOP_BINARY")
    unittest.main(verbosity=2)
