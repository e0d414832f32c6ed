#!/usr/bin/env python3
"""A soak of the real binary in tmux: 2,000 random keys with resize storms; it stays up and the terminal
is restored afterwards.

Builds nothing: run `swift build` first (`make e2e` does). SHOP_BINARY overrides the binary path.
SHOP_SOAK_SEED repeats a run; a failure names the seed.
"""

import os
import random
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import BINARY, WrappedShop  # noqa: E402

KEY_COUNT = 2000
SEED = int(os.environ.get("SHOP_SOAK_SEED", "20644"))
# Every key binding except those that quit or stop (q, Ctrl-C, Ctrl-Z), keys the app ignores, and
# characters for the filter. tmux key names: PPage and NPage are PgUp and PgDn.
KEYS = ["Up", "Down", "k", "j", "PPage", "NPage", "g", "Home", "G", "End", "a", "Enter", "b", "x", "r",
        "c", "m", "s", "+", "-", "=", "_", "/", "?", "Escape", "BSpace", "DC", "Tab", "Left", "Right", "e", "n",
        "o", "Space", "é", "抹", "1"]
KEYS_PER_SEND = 10
KEYS_BETWEEN_STORMS = 50


class SoakTests(unittest.TestCase):
    def test_random_keys_and_resize_storms_leave_it_running_and_the_terminal_restored(self):
        generator = random.Random(SEED)
        shop = WrappedShop("--no-state --debounce 200ms")
        self.addCleanup(shop.close)
        shop.wait_for_text("Basket: 0")
        pid = shop.pid()
        started = time.monotonic()
        sent = 0
        storms = 0
        while sent < KEY_COUNT:
            batch = [generator.choice(KEYS) for _ in range(min(KEYS_PER_SEND, KEY_COUNT - sent))]
            shop.send(*batch)
            sent += len(batch)
            time.sleep(generator.uniform(0, 0.01))
            if sent % KEYS_BETWEEN_STORMS == 0:
                storms += 1
                # A burst of sizes, some too fast to draw, some held long enough to draw, keys between.
                for _ in range(generator.randint(2, 8)):
                    shop.resize(generator.randint(1, 300), generator.randint(1, 100))
                    if generator.random() < 0.5:
                        shop.send(*[generator.choice(KEYS) for _ in range(generator.randint(1, 3))])
                    time.sleep(generator.choice([0, 0, 0.005, 0.03]))
                self.assertTrue(alive(pid), f"shop died after {sent} keys (SHOP_SOAK_SEED={SEED})")
        shop.resize(80, 24)
        # Keys sent before the app has seen the new size may land while it still says `too small`,
        # where they do nothing: wait for the size first, then close what the random keys left open
        # (the filter, the help, the history, the details, a confirmation), one Esc at a time.
        shop.wait_for(lambda: "Basket:" in shop.screen().splitlines()[0], "the header at 80x24")
        for _ in range(8):
            if on_main_screen(shop.screen()):
                break
            shop.send("Escape")
            time.sleep(0.3)
        shop.wait_for(lambda: on_main_screen(shop.screen()), "the main screen, nothing open")
        header = shop.screen().splitlines()[0].strip()
        self.assertTrue(alive(pid), f"shop died (SHOP_SOAK_SEED={SEED})")
        elapsed = time.monotonic() - started
        shop.send("q")
        self.assertEqual(shop.exit_status(), 0, f"SHOP_SOAK_SEED={SEED}")
        self.assertTrue(shop.stty_restored(), "stty -g differs after exit")
        self.assertTrue(shop.cursor_visible(), "the cursor is still hidden after exit")
        print(f"\n  {sent} keys, {storms} resize storms in {elapsed:.1f} s (seed {SEED}); header: {header}", end=" ")


def on_main_screen(screen):
    """Whether the screen shows the main screen's key hints, with no filter being typed and nothing
    over it: the main footer ends with `q quit`, an overlay's with `q quits`."""
    lines = [line for line in screen.splitlines() if line.strip()]
    return bool(lines) and lines[-1].rstrip().endswith("q quit") and "filter:" not in lines[-1]


def alive(pid):
    """Whether the process runs: it exists and is not a zombie waiting for the wrapper to reap it."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"soak_e2e: no binary at {BINARY}; run `swift build` first or set SHOP_BINARY")
    unittest.main(verbosity=2)
