#!/usr/bin/env python3
"""End-to-end tests: drive the real `shop` binary in a detached tmux session.

Builds nothing: run `swift build` first (`make e2e` does). SHOP_BINARY overrides the binary path
(default .build/debug/shop). Each test gets its own tmux server socket, so nothing touches a user's tmux.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(os.environ.get("SHOP_BINARY", os.path.join(ROOT, ".build", "debug", "shop")))
ENVIRONMENT = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
POLL_SECONDS = 0.05
# An SGR sequence that turns reverse video on (tmux writes `\e[7m` or `\e[0;7m`), any further SGR
# sequences, then the text up to the next escape.
REVERSE_VIDEO = re.compile(r"\x1b\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m(?:\x1b\[[0-9;]*m)*([^\x1b\n]*)")
WAIT_SECONDS = 10.0
# How long what ran in a pane may take to exit once its terminal hangs up.
HANGUP_SECONDS = 20.0


class Pane:
    """One tmux server with one pane, and a scratch directory for the wrapper's files."""

    def __init__(self, command, width=80, height=24):
        self.directory = tempfile.mkdtemp(prefix="shop-e2e-")
        self.socket = os.path.join(self.directory, "tmux.sock")
        environment = " ".join(f"{key}={value}" for key, value in ENVIRONMENT.items())
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height),
                  f"env {environment} {command}")
        self.tmux("set-option", "-g", "escape-time", "0")

    def tmux(self, *arguments):
        result = subprocess.run(["tmux", "-S", self.socket, *arguments], check=True,
                                capture_output=True, text=True)
        return result.stdout

    def screen(self, escapes=False):
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []))

    def wait_for(self, predicate, what):
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(POLL_SECONDS)
        raise AssertionError(f"timed out waiting for {what}; screen:\n{self.screen()}")

    def wait_for_text(self, text):
        self.wait_for(lambda: text in self.screen(), repr(text))

    def wait_for_file(self, name):
        path = self.path(name)
        self.wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0, name)
        with open(path) as file:
            return file.read().strip()

    def send(self, *keys):
        self.tmux("send-keys", *keys)

    def cursor_visible(self):
        """Whether the pane shows its cursor: tmux's view of the DECTCEM mode (`\\e[?25h` / `\\e[?25l`)."""
        return self.tmux("display-message", "-p", "#{cursor_flag}").strip() == "1"

    def resize(self, width, height):
        self.tmux("resize-window", "-x", str(width), "-y", str(height))

    def path(self, name):
        return os.path.join(self.directory, name)

    def processes(self):
        """The pane's process and every process under it, from /proc."""
        try:
            pids = [int(self.tmux("display-message", "-p", "#{pane_pid}").strip())]
        except (subprocess.CalledProcessError, ValueError):
            return []
        found = []
        while pids:
            pid = pids.pop()
            found.append(pid)
            try:
                with open(f"/proc/{pid}/task/{pid}/children") as file:
                    pids += [int(child) for child in file.read().split()]
            except OSError:
                pass
        return found

    def close(self):
        """Ends the tmux server, which hangs up the pane's terminal: whatever ran in it must then exit
        on its own, within HANGUP_SECONDS. What does not is killed, so that no test leaves a process
        behind, and the test fails: a hangup must end the app."""
        started = self.processes()
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)
        deadline = time.monotonic() + HANGUP_SECONDS
        alive = started
        while alive and time.monotonic() < deadline:
            time.sleep(POLL_SECONDS)
            alive = [pid for pid in alive if running(pid)]
        for pid in alive:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if alive:
            raise AssertionError(f"processes {alive} outlived their terminal's hangup by {HANGUP_SECONDS} s")


def running(pid):
    """Whether `pid` is a live process (not a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class WrappedShop(Pane):
    """`shop` under a shell that saves `stty -g` before and after, its pid, and its exit status.

    The shell traps INT and QUIT with a handler (not an ignore, which the child would inherit) so that
    Ctrl-C reaches only `shop` and the shell lives to record the terminal state afterwards.
    """

    def __init__(self, arguments="--no-state", width=80, height=24):
        directory = tempfile.mkdtemp(prefix="shop-e2e-files-")
        self.files = directory
        script = (
            f"trap : INT QUIT; ulimit -c 0; stty -g > {directory}/before; "
            f"sh -c 'echo $$ > {directory}/pid; exec \"$0\" \"$@\"' {BINARY} {arguments}; "
            f"echo $? > {directory}/status; stty -g > {directory}/after; sleep 600"
        )
        super().__init__(f"sh -c {shell_quote(script)}", width, height)

    def path(self, name):
        return os.path.join(self.files, name)

    def pid(self):
        return int(self.wait_for_file("pid"))

    def exit_status(self):
        return int(self.wait_for_file("status"))

    def stty_restored(self):
        after = self.wait_for_file("after")
        with open(self.path("before")) as file:
            return file.read().strip() == after

    def close(self):
        super().close()
        shutil.rmtree(self.files, ignore_errors=True)


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def reverse_video_text(screen):
    """The first text below the header (which is a reverse-video bar) drawn in reverse video, without
    its trailing price, or None: the selection highlight of the item list."""
    for line in screen.splitlines()[1:]:
        match = REVERSE_VIDEO.search(line)
        if match:
            return re.sub(r"\s+\d+\.\d\d [A-Z]{3}$", "", match.group(1).strip())
    return None


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime and stime, fields 14 and 15 of the whole line


class ScreenTests(unittest.TestCase):
    def setUp(self):
        self.shop = WrappedShop()
        self.addCleanup(self.shop.close)
        self.shop.wait_for_text("Basket: 0")

    def test_start_shows_header_and_names_aligned_by_display_width(self):
        screen = self.shop.screen()
        self.assertIn("controlled store", screen.splitlines()[0])
        self.assertIn("Crème fraîche", screen)
        self.assertIn("抹茶 Matcha", screen)
        prices = [line.rstrip() for line in screen.splitlines() if line.startswith(" Crème") or line.startswith(" 抹茶")]
        self.assertEqual(len(prices), 2)
        # The CJK name is two columns per character: both prices end in the same column.
        ends = {len(line.split("EUR")[0].encode("utf-32-le")) // 4 + sum(1 for c in line.split("EUR")[0] if ord(c) >= 0x3000)
                for line in prices}
        self.assertEqual(len(ends), 1, prices)

    def test_j_and_k_move_the_reverse_video_highlight(self):
        self.shop.wait_for(lambda: self.highlighted() == "Apple", "highlight on Apple")
        self.shop.send("j")
        self.shop.wait_for(lambda: self.highlighted() == "Banana", "highlight on Banana")
        self.shop.send("j", "j", "j", "j")
        self.shop.wait_for(lambda: self.highlighted() == "抹茶 Matcha", "highlight on the CJK name")
        self.shop.send("g")
        self.shop.wait_for(lambda: self.highlighted() == "Apple", "highlight back on Apple")

    def test_resize_to_tiny_shows_too_small_and_back(self):
        self.shop.resize(15, 4)
        self.shop.wait_for_text("too small")
        self.shop.resize(60, 20)
        self.shop.wait_for(lambda: "Basket: 0" in self.shop.screen() and "too small" not in self.shop.screen(),
                           "the layout again")
        self.shop.resize(1, 1)
        self.shop.wait_for(lambda: self.shop.screen().strip() == "t", "a 1x1 window")
        self.shop.resize(80, 24)
        self.shop.wait_for_text("Basket: 0")

    def test_idle_uses_no_cpu(self):
        pid = self.shop.pid()
        before = cpu_ticks(pid)
        time.sleep(3)
        self.assertEqual(cpu_ticks(pid) - before, 0)

    def highlighted(self):
        """The text drawn in reverse video below the header, the selection highlight."""
        return reverse_video_text(self.shop.screen(escapes=True))


class BadgeTests(unittest.TestCase):
    """The badge follows the basket one debounce interval after the last change."""

    def start(self, arguments, width=80, height=24):
        shop = WrappedShop(arguments, width, height)
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        return shop

    def header(self, shop):
        return shop.screen().splitlines()[0]

    def test_the_badge_changes_only_after_the_interval(self):
        shop = self.start("--no-state --debounce 1s")
        sent = time.monotonic()
        shop.send("a", "a")
        shop.wait_for(lambda: "→ 2" in self.header(shop), "the pending count in the header")
        self.assertIn("Basket: 0", self.header(shop))
        shop.wait_for(lambda: "Basket: 2" in self.header(shop), "the badge to settle")
        self.assertGreaterEqual(time.monotonic() - sent, 0.9)
        self.assertNotIn("→", self.header(shop))

    def test_a_paper_bag_leaves_the_badge_alone(self):
        shop = self.start("--no-state --debounce 300ms")
        shop.send("a")
        shop.wait_for(lambda: "Basket: 1" in self.header(shop), "the badge at 1")
        shop.send("b")
        shop.wait_for_text("Paper bag")
        time.sleep(0.6)
        self.assertIn("Basket: 1", self.header(shop))
        self.assertNotIn("→", self.header(shop))

    def test_an_animated_frame_sends_few_bytes(self):
        # While a change is pending the timeline animates at 10 frames a second; each frame sends only
        # the cells that changed (the countdown, the marks that moved, the badge when it settles).
        shop = self.start("--no-state --debounce 1s", 80, 24)
        shop.send("a")
        shop.wait_for(lambda: "→ 1" in self.header(shop), "the pending count")
        log = shop.path("bytes")
        started = time.monotonic()
        shop.tmux("pipe-pane", "-o", f"cat > {log}")
        shop.wait_for(lambda: "Basket: 1" in self.header(shop), "the badge to settle")
        time.sleep(0.3)
        shop.tmux("pipe-pane")
        frames = max(1, round((time.monotonic() - started) / 0.1))
        size = os.path.getsize(log)
        print(f"\n  {size} bytes in about {frames} frames: {size // frames} a frame", end=" ")
        self.assertLessEqual(size / frames, 256, "a full 80x24 frame is over 2,000 bytes")


class TimeTests(unittest.TestCase):
    """Space stops the app's clock and < slows it: the debounce waits with it."""

    def start(self, arguments):
        shop = WrappedShop(arguments)
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        return shop

    def header(self, shop):
        return shop.screen().splitlines()[0]

    def test_space_pauses_the_debounce_and_keys_still_act(self):
        shop = self.start("--no-state --debounce 300ms")
        shop.send("Space")
        shop.wait_for_text("PAUSED")
        shop.send("a", "a")
        shop.wait_for(lambda: "→ 2" in self.header(shop), "the pending count, keys acting while paused")
        time.sleep(1.0)
        self.assertIn("Basket: 0 → 2", self.header(shop), "nothing settles while time stands still")
        shop.send("Space")
        shop.wait_for(lambda: "Basket: 2" in self.header(shop) and "→" not in self.header(shop), "the badge")

    def test_half_speed_makes_the_debounce_take_twice_as_long(self):
        shop = self.start("--no-state --debounce 500ms")
        shop.send("<")
        shop.wait_for_text("1/2× time")
        sent = time.monotonic()
        shop.send("a")
        shop.wait_for(lambda: "Basket: 1" in self.header(shop) and "→" not in self.header(shop), "the badge")
        self.assertGreaterEqual(time.monotonic() - sent, 0.9, "500 ms of app time at half speed")


class LabTests(unittest.TestCase):
    """The marble lab live: a pipeline typed at `:` draws a lane per stage, fed as keys are pressed."""

    def test_a_three_stage_pipeline_typed_at_the_prompt_draws_a_lane_per_stage(self):
        shop = WrappedShop("--no-state --debounce 300ms", width=120, height=40)
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        shop.send(":")
        shop.wait_for_text("lane: ")
        shop.send("-l", "removeDuplicates | filter odd | scan sum")
        shop.wait_for_text("lane: removeDuplicates | filter odd | scan sum")
        shop.send("Enter")
        shop.wait_for_text("lanes: removeDuplicates | filter odd | scan sum")
        for _ in range(3):
            shop.send("a")
        def lane(name):
            rows = shop.screen().splitlines()
            index = next((i for i, row in enumerate(rows) if row.startswith(f" {name} ")), None)
            return None if index is None else (rows[index], rows[index + 1].split())
        def shown(name, newest, count):
            # A label sits under its own mark; values too close together for their labels are counted
            # (`+2`) instead, so a lane shows its newest value and accounts for every one.
            labels = lane(name)[1] if lane(name) is not None else []
            total = sum(int(label[1:]) if label.startswith("+") else 1 for label in labels)
            return bool(labels) and labels[-1] == newest and total == count
        # Values 1, 2, 3: every one differs from the last, the odd ones are 1 and 3, their sums 1 and 4.
        shop.wait_for(lambda: shown("sum", "4", 2), "the sum lane's 1 and 4")
        self.assertTrue(shown("dedupe", "3", 3), lane("dedupe"))
        self.assertTrue(shown("odds", "3", 2), lane("odds"))
        shop.send(":")
        shop.wait_for_text("lane: ")
        shop.send("-l", "fast")
        shop.send("Enter")
        shop.wait_for_text('lane: "fast" is not a stage')
        shop.send("Escape")
        shop.wait_for_text("no change to the lanes")
        self.assertIn("lanes: removeDuplicates | filter odd | scan sum", shop.screen())

    def test_pause_holds_a_lanes_timed_operator_with_the_clock(self):
        shop = WrappedShop("--no-state --debounce 300ms", width=120, height=40)
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        shop.send(":")
        shop.wait_for_text("lane: ")
        shop.send("-l", "delay 300ms")
        shop.send("Enter")
        shop.wait_for_text("lanes: delay 300ms")
        shop.send("Space")
        shop.wait_for_text("PAUSED")
        shop.send("a")
        shop.wait_for(lambda: "→ 1" in shop.screen().splitlines()[0], "the pending count")
        def delayed():
            rows = shop.screen().splitlines()
            index = next(i for i, row in enumerate(rows) if row.startswith(" dly.3s "))
            return rows[index + 1].split()
        time.sleep(1.0)
        self.assertEqual(delayed(), [], "the delay waits while time stands still")
        shop.send("Space")
        shop.wait_for(lambda: delayed() == ["1"], "the delayed value once time runs again")


class ExitTests(unittest.TestCase):
    def start(self):
        shop = WrappedShop()
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        return shop

    def check_exit(self, end, expected_status):
        shop = self.start()
        shop.wait_for(lambda: not shop.cursor_visible(), "the cursor hidden while the app runs")
        end(shop)
        self.assertEqual(shop.exit_status(), expected_status)
        self.assertTrue(shop.stty_restored(), "stty -g differs after exit")
        self.assertTrue(shop.cursor_visible(), "the cursor is still hidden after exit")

    def test_q_restores_the_terminal(self):
        self.check_exit(lambda shop: shop.send("q"), 0)

    def test_ctrl_c_restores_the_terminal(self):
        self.check_exit(lambda shop: shop.send("C-c"), 128 + signal.SIGINT)

    def test_sigterm_restores_the_terminal(self):
        self.check_exit(lambda shop: os.kill(shop.pid(), signal.SIGTERM), 128 + signal.SIGTERM)

    def test_sighup_restores_the_terminal(self):
        self.check_exit(lambda shop: os.kill(shop.pid(), signal.SIGHUP), 128 + signal.SIGHUP)

    def test_sigquit_restores_the_terminal(self):
        self.check_exit(lambda shop: os.kill(shop.pid(), signal.SIGQUIT), 128 + signal.SIGQUIT)

    def test_ctrl_backslash_restores_the_terminal(self):
        self.check_exit(lambda shop: shop.send("C-\\"), 128 + signal.SIGQUIT)

    def test_crash_signal_restores_the_terminal(self):
        self.check_exit(lambda shop: os.kill(shop.pid(), signal.SIGSEGV), 128 + signal.SIGSEGV)

    def test_abort_restores_the_terminal(self):
        self.check_exit(lambda shop: os.kill(shop.pid(), signal.SIGABRT), 128 + signal.SIGABRT)

    def test_ctrl_z_and_fg_restore_then_take_the_screen_back_with_arrow_keys(self):
        pane = Pane("bash --norc --noprofile -i")
        self.addCleanup(pane.close)
        pane.send(f"PS1='$ '; stty -g > {pane.path('before')}; {BINARY} --no-state", "Enter")
        pane.wait_for_text("Basket: 0")
        pane.send("C-z")
        pane.wait_for_text("Stopped")
        pane.send(f"stty -g | cmp -s - {pane.path('before')} && echo RESTORED-WHILE-STOPPED", "Enter")
        pane.wait_for_text("RESTORED-WHILE-STOPPED")
        pane.send("fg", "Enter")
        pane.wait_for_text("Basket: 0")
        pane.send("Down")
        pane.wait_for(lambda: reverse_video_text(pane.screen(escapes=True)) == "Banana",
                      "the arrow key moving the highlight")
        pane.send("q")
        pane.wait_for_text("$ ")
        pane.send(f"stty -g | cmp -s - {pane.path('before')} && echo RESTORED-AFTER-QUIT", "Enter")
        pane.wait_for_text("RESTORED-AFTER-QUIT")


class TrustTests(unittest.TestCase):
    """Nothing happens by accident: pastes are text, checkout asks, every Home and End escape works."""

    def start(self):
        shop = WrappedShop()
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        return shop

    def paste(self, shop, text):
        """Pastes `text` as a terminal would: tmux brackets it because the app asked for that mode."""
        shop.tmux("set-buffer", "-b", "e2e", text)
        shop.tmux("paste-buffer", "-p", "-d", "-b", "e2e")

    def test_a_paste_goes_into_the_filter_and_its_newline_does_not_end_it(self):
        shop = self.start()
        shop.send("a")
        shop.wait_for_text("added Apple")
        shop.send("/")
        shop.wait_for_text("filter: ")
        self.paste(shop, "Banana\nccc")
        shop.wait_for_text("filter: Banana ccc")
        time.sleep(0.3)
        screen = shop.screen()
        self.assertNotIn("checked out", screen)
        self.assertNotIn("check out these items?", screen)
        self.assertIn("1 × Apple", screen)

    def test_a_paste_outside_the_filter_runs_no_command(self):
        shop = self.start()
        self.paste(shop, "aaac\ny")
        shop.wait_for_text("paste ignored (6 characters)")
        screen = shop.screen()
        self.assertIn("Basket: 0", screen)
        self.assertNotIn("×", screen)

    def test_checkout_asks_first(self):
        shop = self.start()
        shop.send("a", "a", "c")
        shop.wait_for_text("check out these items?")
        shop.wait_for_text("Total: 2 items, 1.00 EUR")
        shop.send("n")
        shop.wait_for_text("checkout cancelled")
        shop.send("c")
        shop.wait_for_text("check out these items?")
        shop.send("y")
        shop.wait_for_text("checked out 2 items, 1.00 EUR")

    def test_home_and_end_work_whatever_escape_the_terminal_sends(self):
        shop = self.start()
        highlighted = lambda: reverse_video_text(shop.screen(escapes=True))
        for end, home in [("\x1b[4~", "\x1b[1~"), ("\x1b[F", "\x1b[H"), ("\x1bOF", "\x1bOH")]:
            shop.send("-l", end)
            shop.wait_for(lambda: highlighted() == "Dark chocolate 70%", f"End as {end!r}")
            shop.send("-l", home)
            shop.wait_for(lambda: highlighted() == "Apple", f"Home as {home!r}")

    def test_the_keypads_plus_and_minus_change_the_debounce_as_plus_and_minus_do(self):
        shop = self.start()
        header = lambda: shop.screen().splitlines()[0]
        # As tmux sends the keypad's keys (in application mode once the app asks for it), then as the
        # application-mode bytes themselves.
        shop.send("KP+")
        shop.wait_for(lambda: "debounce 1.1s" in header(), "keypad + raised the debounce")
        shop.send("KP-", "KP-")
        shop.wait_for(lambda: "debounce 0.9s" in header(), "keypad - lowered it")
        shop.send("-l", "\x1bOk")
        shop.wait_for(lambda: "debounce 1.0s" in header(), "ESC O k is the keypad's +")
        shop.send("-l", "\x1bOm")
        shop.wait_for(lambda: "debounce 0.9s" in header(), "ESC O m is the keypad's -")

    def test_ctrl_l_repaints_what_something_else_drew_over(self):
        shop = self.start()
        tty = shop.tmux("display-message", "-p", "#{pane_tty}").strip()
        with open(tty, "w") as terminal:
            terminal.write("\x1b[5;3HSCRIBBLED-OVER")
        shop.wait_for_text("SCRIBBLED-OVER")
        shop.send("C-l")
        shop.wait_for(lambda: "SCRIBBLED-OVER" not in shop.screen() and "Basket: 0" in shop.screen(),
                      "the screen painted again")


class DailyShopTests(unittest.TestCase):
    """Focus, the basket's keys, the order history and the help, as a user walks through them."""

    def test_focus_history_details_and_help(self):
        shop = WrappedShop("--no-state", 100, 30)
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        shop.send("2", "a", "c")
        shop.wait_for_text("check out these items?")
        shop.send("y")
        shop.wait_for_text("checked out 2 items, 1.00 EUR")
        shop.send("j", "a", "b")
        shop.wait_for_text("1 × Paper bag")
        # The basket has focus: d takes the paper bag out.
        shop.send("Tab")
        shop.wait_for_text("d remove line")
        shop.send("j", "d")
        shop.wait_for(lambda: "1 × Paper bag" not in shop.screen(), "the bag removed")
        shop.send("BTab")
        shop.wait_for_text("Tab basket")
        # The order history and its lines.
        shop.send("o")
        shop.wait_for_text("orders, newest first (1)")
        shop.send("Enter")
        shop.wait_for_text("2 × Apple")
        shop.send("r")
        shop.wait_for_text("reordered 2 items")
        # Details, then the help, scrolled to its end.
        shop.send("i")
        shop.wait_for_text("item details")
        shop.send("Escape", "?")
        shop.wait_for_text("In the item list")
        shop.send("j", "j", "G")
        # The help's last words: scrolled to its end.
        shop.wait_for_text("count that could disagree.")
        shop.send("Escape")
        shop.wait_for_text("a add")


class SaveTests(unittest.TestCase):
    """A save that fails is shown at once and retried; a final save that fails is reported after the
    terminal is restored, with exit status 1; the last good state file is never lost."""

    def test_a_state_directory_moved_away_is_shown_and_the_exit_says_so(self):
        directory = tempfile.mkdtemp(prefix="shop-e2e-state-")
        state = os.path.join(directory, "here", "state.json")
        shop = WrappedShop(f"--state {state}")
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        shop.send("a")
        shop.wait_for(lambda: os.path.exists(state), "the first save")
        os.rename(os.path.join(directory, "here"), os.path.join(directory, "gone"))
        shop.send("a")
        shop.wait_for_text("NOT SAVED: cannot write state file")
        shop.send("b")
        time.sleep(0.3)
        self.assertIn("NOT SAVED", shop.screen(), "it stays while saves fail")
        shop.send("q")
        self.assertEqual(shop.exit_status(), 1)
        shop.wait_for_text("shop: cannot write state file")
        with open(os.path.join(directory, "gone", "state.json")) as file:
            self.assertIn('"apple"', file.read(), "the last good file is intact")

    def test_a_checkout_is_on_disk_when_it_is_reported(self):
        directory = tempfile.mkdtemp(prefix="shop-e2e-state-")
        state = os.path.join(directory, "state.json")
        shop = WrappedShop(f"--state {state}")
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        shop.send("a", "c", "y")
        shop.wait_for_text("checked out 1 item")
        os.kill(shop.pid(), signal.SIGKILL)
        with open(state) as file:
            self.assertIn('"placedAt"', file.read())


class PlayTests(unittest.TestCase):
    def test_play_shows_the_reorder_bug_line_by_line_then_leaves_the_app_open(self):
        shop = WrappedShop(f"--no-state --play {os.path.join(ROOT, 'examples', 'reorder-bug.shop')}", 100, 30)
        self.addCleanup(shop.close)
        shop.wait_for_text("keys c y: checkout")
        shop.wait_for_text("the script is over")
        shop.wait_for(lambda: "basket 5 (2 short)" in shop.screen().splitlines()[0], "the bug in the header")
        shop.send("a")
        shop.wait_for_text("added Sourdough bread")

    def test_play_refuses_a_bad_script_before_the_screen_starts(self):
        path = os.path.join(tempfile.mkdtemp(prefix="shop-e2e-"), "bad.shop")
        with open(path, "w") as file:
            file.write("add pear\n")
        result = subprocess.run([BINARY, "--no-state", "--play", path], capture_output=True, text=True,
                                env={**os.environ, **ENVIRONMENT}, timeout=WAIT_SECONDS)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr, 'error: line 1: no item "pear" in the catalog\n')


class RecordTests(unittest.TestCase):
    def test_record_writes_an_asciicast_that_plays_back_the_screen(self):
        directory = tempfile.mkdtemp(prefix="shop-e2e-cast-")
        cast = os.path.join(directory, "demo.cast")
        shop = WrappedShop(f"--no-state --record {cast}")
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        shop.send("a", "a")
        shop.wait_for_text("Basket: 2")
        shop.send("q")
        self.assertEqual(shop.exit_status(), 0)
        with open(cast) as file:
            lines = file.read().splitlines()
        header = json.loads(lines[0])
        self.assertEqual((header["version"], header["width"], header["height"]), (2, 80, 24))
        events = [json.loads(line) for line in lines[1:]]
        self.assertTrue(all(kind in ("o", "r") for _, kind, _ in events))
        times = [time for time, _, _ in events]
        self.assertEqual(times, sorted(times))
        # Played into a fresh pane, the recording shows the last screen the app drew.
        output = "".join(data for _, kind, data in events if kind == "o")
        replay_file = os.path.join(directory, "replay.bin")
        with open(replay_file, "w") as file:
            file.write(output)
        pane = Pane(f"sh -c 'cat {replay_file}; sleep 600'")
        self.addCleanup(pane.close)
        pane.wait_for_text("Basket: 2")
        self.assertIn("2 × Apple", pane.screen())

    def test_record_never_overwrites_a_file(self):
        directory = tempfile.mkdtemp(prefix="shop-e2e-cast-")
        cast = os.path.join(directory, "kept.cast")
        with open(cast, "w") as file:
            file.write("mine")
        shop = WrappedShop(f"--no-state --record {cast}")
        self.addCleanup(shop.close)
        self.assertEqual(shop.exit_status(), 2)
        with open(cast) as file:
            self.assertEqual(file.read(), "mine")


class NotATerminalTests(unittest.TestCase):
    def test_without_a_terminal_it_points_to_script_mode_and_exits_2(self):
        result = subprocess.run([BINARY], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                env={**os.environ, **ENVIRONMENT}, timeout=WAIT_SECONDS)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, "")
        self.assertIn("--script", result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"e2e: no binary at {BINARY}; run `swift build` first or set SHOP_BINARY")
    unittest.main(verbosity=2)
