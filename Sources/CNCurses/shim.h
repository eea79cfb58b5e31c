// The parts of ncursesw that Swift cannot import directly: macros (COLOR_PAIR, the A_*
// attributes) and mutable globals (stdscr, LINES, COLS, COLORS). Everything is reached through
// these small inline functions.
#ifndef TVSIM_CNCURSES_SHIM_H
#define TVSIM_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

static inline WINDOW *tvs_stdscr(void) { return stdscr; }
static inline int tvs_lines(void) { return LINES; }
static inline int tvs_cols(void) { return COLS; }
static inline int tvs_colors(void) { return COLORS; }
static inline int tvs_color_pairs(void) { return COLOR_PAIRS; }
static inline int tvs_color_pair(int pair) { return (int)COLOR_PAIR(pair); }

static inline int tvs_attr_normal(void) { return (int)A_NORMAL; }
static inline int tvs_attr_bold(void) { return (int)A_BOLD; }
static inline int tvs_attr_reverse(void) { return (int)A_REVERSE; }
static inline int tvs_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int tvs_attr_dim(void) { return (int)A_DIM; }

/// Sets the attributes (including the colour pair) for what is drawn next.
static inline int tvs_attrset(int attributes) { return attrset(attributes); }

/// Draws UTF-8 text at a position; ncursesw decodes it with the locale set by setlocale.
static inline int tvs_mvaddstr(int y, int x, const char *text) { return mvaddstr(y, x, text); }

/// Reads one key or character. Returns KEY_CODE_YES for function keys, OK for characters, ERR on timeout.
static inline int tvs_get_wch(unsigned int *character) {
    wint_t value = 0;
    int result = get_wch(&value);
    *character = (unsigned int)value;
    return result;
}

static inline int tvs_key_code_yes(void) { return KEY_CODE_YES; }
static inline int tvs_err(void) { return ERR; }
static inline int tvs_key_f(int n) { return KEY_F(n); }

// Last: term.h defines lower-case macros (`lines`, `columns`) that the functions above must not see.
#if __has_include(<ncursesw/term.h>)
#include <ncursesw/term.h>
#else
#include <term.h>
#endif

/// Whether curses has a terminfo entry for `name`: initscr would otherwise print a bare
/// "Error opening terminal" and exit. The entry read to find out is freed again.
static inline int tvs_terminal_known(const char *name) {
    int error = 0;
    TERMINAL *before = cur_term;
    if (setupterm(name, 1, &error) != OK) return 0;
    TERMINAL *read = set_curterm(before);
    if (read != before) del_curterm(read);
    return 1;
}

#endif
