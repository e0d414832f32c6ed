#!/usr/bin/env python3
"""End-to-end tests of input and files at their edges: escape sequences terminfo does not name, pastes
that never end or carry signal characters, writes past `ulimit -f`, and script files that are FIFOs.

Terminal tests run the real binary in tmux (see e2e.py); file tests run it in script mode. Builds
nothing: run `swift build --product shop` first. SHOP_BINARY overrides the binary path.
"""

import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from e2e import BINARY, Pane, shell_quote

WAIT_SECONDS = 10.0


class Shop(Pane):
    """`shop ARGUMENTS` in tmux under `sh`, with the environment changes given, recording its exit status
    in the scratch directory; `limit` is a `ulimit -f` for it (in 1024-byte blocks)."""

    def __init__(self, arguments, environment="", limit=None, width=80, height=24):
        self.files = tempfile.mkdtemp(prefix="shop-reliability-")
        ulimit = f"ulimit -f {limit}; " if limit else ""
        script = (
            f"cd {self.files}; trap : INT QUIT; ulimit -c 0; {ulimit}"
            f"env {environment} {BINARY} {arguments} 2> {self.files}/stderr; "
            f"echo $? > {self.files}/status; sleep 600"
        )
        super().__init__(f"sh -c {shell_quote(script)}", width, height)

    def path(self, name):
        return os.path.join(self.files, name)

    def send_bytes(self, text):
        self.tmux("send-keys", "-l", text)

    def paste(self, text):
        """Pastes `text` as the terminal would: tmux adds the bracketed-paste markers the app asked for."""
        buffer = self.path("paste-buffer")
        with open(buffer, "wb") as file:
            file.write(text.encode())
        self.tmux("load-buffer", buffer)
        self.tmux("paste-buffer", "-p", "-r", "-d")

    def exit_status(self):
        path = self.path("status")
        self.wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0, "the exit status")
        with open(path) as file:
            return int(file.read().strip())

    def still_running(self):
        return not os.path.exists(self.path("status"))

    def stderr(self):
        with open(self.path("stderr")) as file:
            return file.read()

    def close(self):
        super().close()
        shutil.rmtree(self.files, ignore_errors=True)


class EscapeSequenceTests(unittest.TestCase):
    """Keys whose sequences the terminfo entry does not name are read whole, never as their bytes."""

    def run_keys(self, term, sequences):
        shop = Shop("--no-state --debounce 0", environment=f"TERM={term}")
        try:
            shop.wait_for_text("Basket: 0")
            for sequence in sequences:
                shop.send_bytes(sequence)
            shop.send_bytes("a")
            shop.wait_for_text("Basket: 1")
            time.sleep(0.3)
            self.assertIn("Basket: 1", shop.screen(), f"{term}: {sequences!r}")
            self.assertTrue(shop.still_running())
            shop.send("q")
            self.assertEqual(shop.exit_status(), 0)
        finally:
            shop.close()

    def test_modified_keys_and_function_keys_under_screen(self):
        # Ctrl-PgDn once zoomed the timeline and armed a count of 65; Shift-Up, Ctrl-Right, Alt-Left,
        # Shift-F1, Ctrl-Home and Shift-Del did the same with their own digits.
        self.run_keys("screen-256color", ["\x1b[6;5~", "\x1b[1;2A", "\x1b[1;5C", "\x1b[1;3D", "\x1b[1;2P",
                                          "\x1b[1;5H", "\x1b[3;2~"])

    def test_function_keys_under_linux_and_an_unknown_one_under_xterm(self):
        self.run_keys("linux", ["\x1b[15~", "\x1b[[E"])
        self.run_keys("xterm-256color", ["\x1b[99~"])

    def test_an_x10_click_in_column_81_does_not_quit(self):
        shop = Shop("--no-state", environment="TERM=xterm", width=100)
        try:
            shop.wait_for_text("Basket: 0")
            shop.send_bytes("\x1b[M q!")  # column 81 is `q` in X10's encoding
            time.sleep(1.0)
            self.assertTrue(shop.still_running(), "the click quit the app")
            shop.send("q")
            self.assertEqual(shop.exit_status(), 0)
        finally:
            shop.close()


class PasteTests(unittest.TestCase):
    def test_a_paste_that_never_ends_gives_the_keys_back_and_says_so(self):
        shop = Shop("--no-state --debounce 0", width=120)
        try:
            shop.wait_for_text("Basket: 0")
            shop.send_bytes("\x1b[200~abc")
            shop.wait_for_text("a paste had no end marker")
            shop.send_bytes("a")
            shop.wait_for_text("Basket: 1")
        finally:
            shop.close()

    def test_pasted_signal_characters_are_text(self):
        shop = Shop("--no-state")
        try:
            shop.wait_for_text("Basket: 0")
            shop.send("/")
            shop.paste("ap\x03p\x1c\x1al")
            time.sleep(1.0)
            self.assertTrue(shop.still_running(), "a pasted control character ended the app")
            shop.wait_for_text("Apple")
            shop.send("Escape")
            shop.send("q")
            self.assertEqual(shop.exit_status(), 0)
        finally:
            shop.close()

    def test_ctrl_c_typed_still_ends_the_app_as_sigint_did(self):
        shop = Shop("--no-state")
        try:
            shop.wait_for_text("Basket: 0")
            shop.send("C-c")
            self.assertEqual(shop.exit_status(), 130)
        finally:
            shop.close()

    def test_a_megabyte_paste_is_cut_with_a_note_and_the_screen_keeps_up(self):
        shop = Shop("--no-state", width=120)
        try:
            shop.wait_for_text("Basket: 0")
            shop.send("/")
            started = time.monotonic()
            shop.paste("x" * (1 << 20))
            # tmux itself takes a while to hand a megabyte over: seconds, or minutes on a loaded machine (the
            # decoder's own time is the unit tests' and the benchmarks' to watch).
            deadline = time.monotonic() + 180
            while "paste cut to its first 4096 characters" not in shop.screen() and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertIn("paste cut to its first 4096 characters", shop.screen())
            shop.send("Escape")
            shop.send("q")
            self.assertEqual(shop.exit_status(), 0)
            self.assertLess(time.monotonic() - started, 180)
        finally:
            shop.close()


class FileSizeLimitTests(unittest.TestCase):
    """Writes past `ulimit -f` fail with EFBIG and are reported; SIGXFSZ never ends the app."""

    def test_a_checkout_past_the_file_size_limit_is_reported_not_a_silent_death(self):
        directory = tempfile.mkdtemp(prefix="shop-reliability-")
        try:
            with open(os.path.join(directory, "big.shop"), "w") as file:
                file.write("".join(f"add {item} 3\n" for item in
                                   ["apple", "banana", "bread", "butter", "matcha", "eggs", "milk", "coffee", "gruyere", "tomatoes"]))
                file.write("checkout\n")
            result = subprocess.run(
                ["sh", "-c", f"ulimit -f 1; exec {BINARY} --virtual-clock --script big.shop --state state.json"],
                cwd=directory, capture_output=True, text=True, timeout=60)
            self.assertGreaterEqual(result.returncode, 0, "killed by a signal")
            self.assertNotEqual(result.returncode, 128 + 25, "killed by SIGXFSZ")
            self.assertIn("File too large", result.stderr)
            self.assertNotEqual(result.returncode, 0)
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    def test_a_recording_past_the_limit_stops_says_so_and_stays_a_valid_cast(self):
        shop = Shop("--no-state --record talk.cast", limit=32, width=120, height=30)
        try:
            shop.wait_for_text("Basket: 0")
            for _ in range(60):
                if "recording to talk.cast stopped" in shop.screen():
                    break
                shop.send("?")
                time.sleep(0.05)
                shop.send("Escape")
                time.sleep(0.05)
            shop.wait_for_text("recording to talk.cast stopped")
            shop.send("q")
            self.assertEqual(shop.exit_status(), 1)
            self.assertIn("shop: recording to talk.cast stopped: File too large", shop.stderr())
            with open(shop.path("talk.cast"), "rb") as file:
                content = file.read()
            self.assertTrue(content.endswith(b"\n"), "the last line is cut")
            lines = content.decode().splitlines()
            self.assertGreater(len(lines), 1)
            self.assertEqual(json.loads(lines[0])["version"], 2)
            for line in lines[1:]:
                self.assertEqual(len(json.loads(line)), 3)
        finally:
            shop.close()


class FIFOTests(unittest.TestCase):
    def test_a_script_fifo_without_a_writer_says_it_waits_then_runs_once_written(self):
        directory = tempfile.mkdtemp(prefix="shop-reliability-")
        try:
            fifo = os.path.join(directory, "script.shop")
            os.mkfifo(fifo)
            process = subprocess.Popen([BINARY, "--virtual-clock", "--script", "script.shop", "--no-state"],
                                       cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                line = process.stderr.readline()
                self.assertEqual(line, "shop: waiting for a program to write to script.shop (a FIFO); Ctrl-C gives up\n")
                with open(fifo, "w") as writer:
                    writer.write("bag\n")
                output, errors = process.communicate(timeout=30)
                self.assertEqual(process.returncode, 0, errors)
                self.assertEqual(errors, "")
            finally:
                if process.poll() is None:
                    process.kill()
        finally:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"reliability_e2e: no binary at {BINARY}; run `swift build` first or set SHOP_BINARY")
    unittest.main(verbosity=2)
