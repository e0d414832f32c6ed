// The one C header between Swift and ncursesw. It asks for the wide-character API itself, because
// SwiftPM drops the feature macros that pkg-config reports, and wraps in `static inline` functions the
// macros and globals that Swift cannot import (or, under Swift 6, rejects as shared mutable state).
#ifndef SHOP_CNCURSES_SHIM_H
#define SHOP_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
// Last: term.h defines capability-name macros (`lines`, `columns`, ...) that would break later headers.
#include <ncursesw/term.h>

// wchar.h declares wcwidth only under _XOPEN_SOURCE, which SwiftPM drops; the declaration is glibc's.
extern int wcwidth(wchar_t c);

// MARK: globals and macros

static inline WINDOW *shop_stdscr(void) { return stdscr; }
static inline int shop_lines(void) { return LINES; }
static inline int shop_cols(void) { return COLS; }
static inline int shop_colors(void) { return COLORS; }
static inline int shop_color_pairs(void) { return COLOR_PAIRS; }
static inline void shop_getmaxyx(WINDOW *window, int *rows, int *cols) {
  int y, x;
  getmaxyx(window, y, x);
  *rows = y;
  *cols = x;
}

static inline attr_t shop_attr_normal(void) { return A_NORMAL; }
static inline attr_t shop_attr_bold(void) { return A_BOLD; }
static inline attr_t shop_attr_dim(void) { return A_DIM; }
static inline attr_t shop_attr_reverse(void) { return A_REVERSE; }
static inline attr_t shop_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t shop_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

/// libc's column count for one code point; tests compare the app's own table with it.
static inline int shop_wcwidth(unsigned int code_point) { return wcwidth((wchar_t)code_point); }

/// Whether the current LC_CTYPE encodes text as UTF-8.
static inline int shop_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

// MARK: terminal identity and size

/// Starts curses on stdout and stdin (newterm, so a failure returns NULL instead of exiting).
static inline SCREEN *shop_new_screen(void) { return newterm(NULL, stdout, stdin); }

/// What terminfo says of `term`, checked without printing anything and without keeping the entry: 0
/// unknown, 1 usable, 2 known but unable to move the cursor (such as `dumb`) or a hardcopy terminal.
static inline int shop_terminal_kind(const char *term) {
  int status = 0;
  if (term == NULL || term[0] == '\0') return 0;
  if (setupterm(term, STDOUT_FILENO, &status) != OK || status != 1) return 0;
  char *address = tigetstr("cup");
  int usable = address != NULL && address != (char *)-1 && tigetflag("hc") <= 0;
  del_curterm(set_curterm(NULL));
  return usable ? 1 : 2;
}

/// A terminfo string capability of the current terminal, or NULL when it has none.
static inline const char *shop_terminfo_string(const char *capability) {
  char *value = tigetstr(capability);
  if (value == NULL || value == (char *)-1) return NULL;
  return value;
}

/// The sequence that turns mouse reporting off (terminfo `XM` with parameter 0), or NULL.
static inline const char *shop_mouse_off_sequence(void) {
  const char *format = shop_terminfo_string("XM");
  if (format == NULL) return NULL;
  return tiparm(format, 0);
}

/// The window size of `fd` from the kernel; returns 0 on success.
static inline int shop_window_size(int fd, int *rows, int *cols) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *rows = size.ws_row;
  *cols = size.ws_col;
  return 0;
}

// MARK: cells

/// Draws one cell: `chars` holds a spacing character and up to four combining marks, zero-terminated.
static inline int shop_put_cell(int y, int x, const wchar_t *chars, attr_t attributes, int pair) {
  cchar_t cell;
  if (setcchar(&cell, chars, attributes, (short)pair, NULL) != OK) return ERR;
  return mvadd_wch(y, x, &cell);
}

// MARK: mouse

/// The mouse events the app asks for: presses of the first button and the wheel.
static inline mmask_t shop_mouse_events(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }

/// Reads the pending mouse event: 1 for a press of the first button, -1 for the wheel turned up, 2 for
/// the wheel turned down, 0 for anything else.
static inline int shop_read_mouse(int *x, int *y) {
  MEVENT event;
  if (getmouse(&event) != OK) return 0;
  *x = event.x;
  *y = event.y;
  if (event.bstate & BUTTON1_PRESSED) return 1;
  if (event.bstate & BUTTON4_PRESSED) return -1;
  if (event.bstate & BUTTON5_PRESSED) return 2;
  return 0;
}

// MARK: keys ncurses does not name by itself

/// The key codes the terminal edge defines for the start and the end of a bracketed paste.
static inline int shop_key_paste_start(void) { return KEY_MAX + 1; }
static inline int shop_key_paste_end(void) { return KEY_MAX + 2; }

/// Teaches ncurses every escape sequence terminals send for Home and End, and the bracketed-paste
/// markers (`start` and `end`, from terminfo's PS and PE when it has them).
static inline void shop_define_keys(const char *paste_start, const char *paste_end) {
  const char *homes[] = {"\033[1~", "\033[7~", "\033[H", "\033OH"};
  const char *ends[] = {"\033[4~", "\033[8~", "\033[F", "\033OF"};
  for (size_t i = 0; i < sizeof homes / sizeof homes[0]; ++i) {
    define_key(homes[i], KEY_HOME);
    define_key(ends[i], KEY_END);
  }
  define_key(paste_start, shop_key_paste_start());
  define_key(paste_end, shop_key_paste_end());
}

// MARK: restoring the terminal from a crash signal

/// What the crash handler writes back; filled before the handler is installed, then only read.
struct shop_crash_restore_state {
  int ready;
  struct termios saved_termios;
  char sequence[256];
  size_t sequence_length;
};

static inline struct shop_crash_restore_state *shop_crash_restore_state(void) {
  static struct shop_crash_restore_state state;
  return &state;
}

/// The handler: only async-signal-safe calls (tcsetattr, write), then the default action, re-raised.
static inline void shop_crash_signal_handler(int signal_number) {
  struct shop_crash_restore_state *state = shop_crash_restore_state();
  if (state->ready) {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &state->saved_termios);
    ssize_t ignored = write(STDOUT_FILENO, state->sequence, state->sequence_length);
    (void)ignored;
  }
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

/// Remembers the terminal mode and the restore sequence, then installs the crash handler for SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP. Returns 0 on success.
static inline int shop_install_crash_restore(const struct termios *saved, const char *sequence) {
  struct shop_crash_restore_state *state = shop_crash_restore_state();
  size_t length = strlen(sequence);
  if (length >= sizeof state->sequence) length = sizeof state->sequence - 1;
  memcpy(state->sequence, sequence, length);
  state->sequence_length = length;
  state->saved_termios = *saved;
  state->ready = 1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = shop_crash_signal_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_NODEFER | SA_RESETHAND;
  const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (size_t i = 0; i < sizeof signals / sizeof signals[0]; ++i) {
    if (sigaction(signals[i], &action, NULL) != 0) return -1;
  }
  return 0;
}

/// Disarms the crash handler once the terminal has been restored normally.
static inline void shop_disarm_crash_restore(void) { shop_crash_restore_state()->ready = 0; }

/// Stops the process with the default SIGTSTP action and returns once it is continued.
static inline void shop_stop_process(void) {
  struct sigaction stop, previous;
  memset(&stop, 0, sizeof stop);
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  sigaction(SIGTSTP, &stop, &previous);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  sigset_t previous_mask;
  pthread_sigmask(SIG_UNBLOCK, &unblock, &previous_mask);
  raise(SIGTSTP);
  pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
  sigaction(SIGTSTP, &previous, NULL);
}

/// Ends the process the way `signal_number` would by default, after the terminal is restored.
static inline void shop_die_by_signal(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  raise(signal_number);
  _exit(128 + signal_number);
}

#endif
