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

#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *shop_stdscr(void) { return stdscr; }
static inline int shop_lines(void) { return LINES; }
static inline int shop_cols(void) { return COLS; }
static inline int shop_colors(void) { return COLORS; }

#endif
