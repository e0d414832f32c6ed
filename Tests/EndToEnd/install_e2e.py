#!/usr/bin/env python3
"""`make install` and `make uninstall` into a scratch DESTDIR, and what they install, used for real.

Installs the binaries already built (`make install-built BUILT=<the binary's folder>`, which is what
`make install` runs after its release build), then: the binary runs; `man -l` renders the page with
every option `shop --help` lists and groff has no warning about it; bash, zsh and fish load their
completions and offer the options, the store names and files; `make uninstall` removes exactly the
installed files. Needs man, zsh and fish (`make deps` installs them).

Builds nothing: run `swift build` first (`make test` does). SHOP_BINARY overrides the binary path;
ShopInstallFiles must sit beside it.
"""

import os
import pty
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(os.environ.get("SHOP_BINARY", os.path.join(ROOT, ".build", "debug", "shop")))
PREFIX = "/usr/local"
FILES = [
    "bin/shop",
    "share/man/man1/shop.1",
    "share/bash-completion/completions/shop",
    "share/zsh/site-functions/_shop",
    "share/fish/vendor_completions.d/shop.fish",
]


def run(arguments, **options):
    return subprocess.run(arguments, capture_output=True, text=True, timeout=120, **options)


def make(target, destdir):
    return run(
        ["make", "--no-print-directory", target, f"BUILT={os.path.dirname(BINARY)}", f"DESTDIR={destdir}",
         f"PREFIX={PREFIX}"],
        cwd=ROOT,
    )


class InstallTests(unittest.TestCase):
    def setUp(self):
        self.destdir = tempfile.mkdtemp(prefix="shop-install-")
        self.root = self.destdir + PREFIX
        result = make("install-built", self.destdir)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def tearDown(self):
        shutil.rmtree(self.destdir)

    def path(self, name):
        return os.path.join(self.root, name)

    def help_options(self):
        help_text = run([self.path("bin/shop"), "--help"]).stdout
        options = re.findall(r"^  (--[a-z-]+)", help_text.split("Options:")[1].split("Keys:")[0], re.M)
        self.assertGreater(len(options), 10, "the help's option list was read")
        return options

    def test_the_binary_the_page_and_the_three_completions_are_installed_and_work(self):
        for name in FILES:
            self.assertTrue(os.path.isfile(self.path(name)), f"{name} is installed")
        self.assertEqual(run([self.path("bin/shop"), "--version"]).stdout.strip(), "shop 0.1.0")

        page = run(["man", "-l", self.path("share/man/man1/shop.1")], env={**os.environ, "MANWIDTH": "100"})
        self.assertEqual(page.returncode, 0, page.stderr)
        text = re.sub(r".\x08", "", page.stdout)
        for heading in ["NAME", "SYNOPSIS", "OPTIONS", "KEYS", "SCRIPT COMMANDS", "FILES", "ENVIRONMENT",
                        "EXIT STATUS"]:
            self.assertRegex(text, rf"(?m)^{heading}$", f"the page has {heading}")
        for option in self.help_options():
            self.assertIn(option, text, f"the page names {option}")
        for variable in ["NO_COLOR", "XDG_STATE_HOME", "TERM"]:
            self.assertIn(variable, text)
        warnings = run(["groff", "-man", "-ww", "-z", self.path("share/man/man1/shop.1")])
        self.assertEqual(warnings.stderr, "", "groff has nothing to say about the page")

        bash = self.path("share/bash-completion/completions/shop")

        def bash_offers(*words):
            script = (f"source {bash}; COMP_WORDS=({' '.join(repr(w) for w in words)}); "
                      f"COMP_CWORD={len(words) - 1}; _shop; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
            result = run(["bash", "-c", script], cwd=self.destdir)
            self.assertEqual(result.returncode, 0, result.stderr)
            return result.stdout.split()

        self.assertEqual(sorted(bash_offers("shop", "--st")), ["--state", "--store"])
        self.assertEqual(bash_offers("shop", "--store", ""), ["controlled", "simple", "derived"])
        self.assertIn("usr", bash_offers("shop", "--catalog", "u"), "a file option completes file names")
        self.assertEqual(sorted(bash_offers("shop", "-")), sorted(self.help_options()))

        fish = self.path("share/fish/vendor_completions.d/shop.fish")

        def fish_offers(line):
            result = run(["fish", "--no-config", "-c", f"source {fish}; complete -C '{line}'"], cwd=self.destdir)
            self.assertEqual(result.returncode, 0, result.stderr)
            return [entry.split("\t")[0] for entry in result.stdout.splitlines()]

        self.assertEqual(sorted(fish_offers("shop --st")), ["--state", "--store"])
        self.assertEqual(sorted(fish_offers("shop --store ")), ["controlled", "derived", "simple"])
        self.assertIn("usr/", fish_offers("shop --catalog u"), "a file option completes file names")
        self.assertEqual(sorted(fish_offers("shop --")), sorted(self.help_options()))

        zsh = self.path("share/zsh/site-functions/_shop")
        self.assertEqual(run(["zsh", "-n", zsh]).returncode, 0, "zsh parses the completion")
        self.assertEqual(sorted(zsh_offers(self.path("share/zsh/site-functions"), "shop --st")),
                         ["--state", "--store"])
        self.assertEqual(sorted(zsh_offers(self.path("share/zsh/site-functions"), "shop --store ")),
                         ["controlled", "derived", "simple"])

    def test_uninstall_removes_exactly_what_install_wrote(self):
        neighbour = self.path("bin/another-program")
        with open(neighbour, "w", encoding="utf-8") as file:
            file.write("#!/bin/sh\n")
        result = make("uninstall", self.destdir)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        left = sorted(os.path.relpath(os.path.join(folder, name), self.root)
                      for folder, _, names in os.walk(self.root) for name in names)
        self.assertEqual(left, ["bin/another-program"])


def zsh_offers(function_folder, line):
    """What zsh offers when `line` and Tab are typed into an interactive zsh on a pseudo-terminal.

    The shell runs compinit with the installed folder on `fpath` and lists the choices (AUTO_LIST);
    the words of that list are the offer.
    """
    home = tempfile.mkdtemp(prefix="shop-zsh-")
    with open(os.path.join(home, ".zshrc"), "w", encoding="utf-8") as rc:
        rc.write(f"fpath=({function_folder} $fpath)\nautoload -Uz compinit && compinit -u -D\n"
                 "PROMPT='> '\nunsetopt BEEP LIST_BEEP\nLISTMAX=0\n")
    pid, fd = pty.fork()
    if pid == 0:
        os.execve("/usr/bin/env", ["env", "zsh", "-i"],
                  {"HOME": home, "ZDOTDIR": home, "TERM": "dumb", "PATH": os.environ["PATH"]})
    output = b""

    def read_for(seconds):
        nonlocal output
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    output += os.read(fd, 65536)
                except OSError:
                    return

    try:
        read_for(2.0)
        start = len(output)
        os.write(fd, line.encode() + b"\t")
        read_for(3.0)
        listed = output[start:]
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        shutil.rmtree(home)
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|\r|\x07|\x08", "", listed.decode(errors="replace"))
    typed = line.split(" ")
    return sorted({word for word in re.findall(r"(?<![\w-])[A-Za-z-][\w-]*", text)
                   if word.startswith(typed[-1]) and word not in typed and word != ">"})


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"install_e2e: no binary at {BINARY}; run `swift build` first or set SHOP_BINARY")
    for tool in ["man", "groff", "zsh", "fish"]:
        if shutil.which(tool) is None:
            raise SystemExit(f"install_e2e: {tool} is missing; `make deps` installs it")
    unittest.main(verbosity=2)
