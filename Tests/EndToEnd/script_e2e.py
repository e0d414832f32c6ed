#!/usr/bin/env python3
"""End-to-end tests of script mode: run the real `shop --script` binary, check stdout, stderr, status.

Builds nothing: run `swift build` first. SHOP_BINARY overrides the binary path (default
.build/debug/shop). Standard library only.
"""

import os
import subprocess
import xml.etree.ElementTree as ElementTree
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(os.environ.get("SHOP_BINARY", os.path.join(ROOT, ".build", "debug", "shop")))
EXAMPLES = os.path.join(ROOT, "examples")
GOLDEN = os.path.join(ROOT, "Tests", "AppCoreTests", "Snapshots")
ENVIRONMENT = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}


def shop(*arguments, stdin=None):
    """Runs the binary; returns (status, stdout, stderr)."""
    result = subprocess.run([BINARY, *arguments], input=stdin, capture_output=True, text=True,
                            timeout=30, env=ENVIRONMENT, cwd=ROOT)
    return result.returncode, result.stdout, result.stderr


def golden(name):
    with open(os.path.join(GOLDEN, f"script-{name}.txt")) as file:
        return file.read()


class SVGTests(unittest.TestCase):
    """`--svg FILE`: the marble diagram as a standalone SVG, read back with Python's XML parser."""

    def test_the_burst_example_writes_a_well_formed_scalable_svg_and_never_overwrites_it(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "burst.svg")
            status, out, err = shop("--script", "examples/debounce-burst.shop", "--svg", path)
            self.assertEqual((status, err), (0, ""))
            self.assertEqual(out, golden("debounce-burst"), "the events print as on the virtual clock")
            root = ElementTree.parse(path).getroot()
            namespace = "{http://www.w3.org/2000/svg}"
            self.assertEqual(root.tag, namespace + "svg")
            self.assertTrue(root.get("viewBox", "").startswith("0 0 "))
            texts = [element.text for element in root.iter(namespace + "text")]
            for name in ("sent", "badge", "basket", "0s", "1s", "1.0 s"):
                self.assertIn(name, texts)
            circles = list(root.iter(namespace + "circle"))
            self.assertEqual(len(circles), out.count(" sent ") * 2 + out.count(" badge "),
                             "a circle per value: sent, badge, and the basket following sent")
            with open(path, "rb") as file:
                before = file.read()
            status, out, err = shop("--script", "examples/debounce-burst.shop", "--svg", path)
            self.assertEqual((status, out), (2, ""))
            self.assertIn("File exists; choose another name (nothing was overwritten)", err)
            with open(path, "rb") as file:
                self.assertEqual(file.read(), before)

    def test_a_lane_pipeline_prints_its_stages_and_draws_a_row_each(self):
        script = "lane removeDuplicates | debounce 500ms | scan sum\nadd apple\nwait 200ms\nadd apple\nwait 1s\n"
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "lab.svg")
            status, out, err = shop("--script", "-", "--svg", path, stdin=script)
            self.assertEqual((status, err), (0, ""))
            self.assertEqual(out, "0.000 sent 1\n0.000 lane removeDuplicates 1\n0.200 sent 2\n"
                                  "0.200 lane removeDuplicates 2\n0.700 lane debounce 500ms 2\n"
                                  "0.700 lane scan sum 2\n1.200 badge 2\n")
            texts = [element.text for element in ElementTree.parse(path).getroot().iter()]
            for stage in ("removeDuplicates", "debounce 500ms", "scan sum"):
                self.assertIn(stage, texts)


class ScriptModeTests(unittest.TestCase):
    def test_examples_match_their_golden_output_on_the_virtual_clock(self):
        for name in ("debounce-burst", "reorder-bug", "reorder-controlled", "lab-pipeline"):
            with self.subTest(name=name):
                status, out, err = shop("--script", f"examples/{name}.shop", "--virtual-clock")
                self.assertEqual((status, err), (0, ""))
                self.assertEqual(out, golden(name))

    def test_reorder_bug_shows_the_disagreement_only_in_simple_mode(self):
        _, simple, _ = shop("--script", "examples/reorder-bug.shop", "--virtual-clock")
        _, controlled, _ = shop("--script", "examples/reorder-controlled.shop", "--virtual-clock")
        self.assertIn("5.500 note badge 3 but basket holds 5 (-2)\n", simple)
        self.assertNotIn(" note ", controlled)

    def test_standard_input_and_options(self):
        status, out, err = shop("--script", "-", "--virtual-clock", "--debounce", "250ms", "--store", "simple",
                                stdin="add apple 2  # two\n")
        self.assertEqual((status, out, err), (0, "0.000 sent 2\n0.250 badge 2\n", ""))

    def test_a_bad_line_is_refused_before_anything_runs(self):
        status, out, err = shop("--script", "-", "--virtual-clock", stdin="add apple\nwait soon\nmode fast\n")
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertEqual(err, 'error: line 2: wait: "soon" is not a duration (use 250ms, 1s, 1.5s or a number'
                              ' of seconds)\nerror: line 3: mode: "fast" is not a store mode (use controlled'
                              ', simple or derived)\n')

    def test_escape_sequences_in_a_script_are_never_echoed_raw(self):
        status, out, err = shop("--script", "-", stdin="add \x1b[2J\x9b31m\n")
        self.assertEqual((status, out), (2, ""))
        self.assertNotIn("\x1b", err)
        self.assertNotIn("\x9b", err)
        self.assertEqual(err, 'error: line 1: no item "\\u{1B}[2J\\u{9B}31m" in the catalog\n')

    def test_a_missing_script_is_one_line_and_status_two(self):
        status, out, err = shop("--script", "examples/no-such.shop")
        self.assertEqual((status, out), (2, ""))
        self.assertEqual(err, "error: cannot read script examples/no-such.shop: No such file or directory\n")

    def test_a_state_file_in_use_is_refused(self):
        with tempfile.TemporaryDirectory() as directory:
            state = os.path.join(directory, "state.json")
            # The holder reads its whole script, takes the state file, and keeps it for three seconds.
            script = os.path.join(directory, "hold.shop")
            with open(script, "w") as file:
                file.write("add apple\nwait 3s\n")
            holder = subprocess.Popen([BINARY, "--script", script, "--state", state], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, env=ENVIRONMENT)
            try:
                deadline = time.monotonic() + 10
                while not os.path.exists(state) and time.monotonic() < deadline:
                    time.sleep(0.02)
                status, out, err = shop("--script", "-", "--state", state, stdin="bag\n")
                self.assertEqual((status, out), (2, ""))
                self.assertIn("is in use by another shop process", err)
            finally:
                holder_out, holder_err = holder.communicate(timeout=30)
            self.assertEqual((holder.returncode, holder_err), (0, b""))
            self.assertIn(b" badge 1\n", holder_out)

    def test_a_crashed_saves_leftover_is_removed_for_a_state_path_without_a_directory(self):
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "state.json.tmp-123-456"), "w") as file:
                file.write("{half")
            result = subprocess.run([BINARY, "--script", "-", "--virtual-clock", "--state", "state.json"],
                                    input="add apple\n", capture_output=True, text=True, timeout=30,
                                    env=ENVIRONMENT, cwd=directory)
            self.assertEqual((result.returncode, result.stderr), (0, ""))
            # The leftover is gone, and so is the lock file, removed at the end of the run.
            self.assertEqual(sorted(os.listdir(directory)), ["state.json"])

    def test_a_start_refused_for_want_of_a_terminal_leaves_no_file_behind(self):
        with tempfile.TemporaryDirectory() as directory:
            result = subprocess.run([BINARY], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                    timeout=30, env={**ENVIRONMENT, "XDG_STATE_HOME": directory,
                                                     "TERM": "xterm-256color"})
            self.assertEqual(result.returncode, 2)
            self.assertIn("must be a terminal", result.stderr)
            self.assertEqual(os.listdir(directory), [], "no state directory, lock or file")

    def test_the_real_clock_prints_the_same_badges_close_to_the_virtual_times(self):
        script = "debounce 300ms\nadd apple\nwait 100ms\nadd milk\nwait 500ms\nadd bread\n"
        _, virtual, _ = shop("--script", "-", "--virtual-clock", stdin=script)
        started = time.monotonic()
        status, real, err = shop("--script", "-", stdin=script)
        elapsed = time.monotonic() - started
        self.assertEqual((status, err), (0, ""))
        self.assertEqual(virtual, "0.000 sent 1\n0.100 sent 2\n0.400 badge 2\n0.600 sent 3\n0.900 badge 3\n")
        virtual_lines = [line.split(" ", 1) for line in virtual.splitlines()]
        real_lines = [line.split(" ", 1) for line in real.splitlines()]
        self.assertEqual([event for _, event in real_lines], [event for _, event in virtual_lines])
        for (real_time, _), (virtual_time, _) in zip(real_lines, virtual_lines):
            self.assertLessEqual(abs(float(real_time) - float(virtual_time)), 0.05, real)
        self.assertGreaterEqual(elapsed, 0.9)


if __name__ == "__main__":
    unittest.main(verbosity=2)
