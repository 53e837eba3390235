// Package kit is what more than one of deck's screens draws with: a part
// of the screen drawn so that a panic in it costs its styling, never the
// program (Contained); the theme's styles for inputs and help; untrusted
// text on one line; a session as a row of the lists (the picker, a host's
// picker, deck ls) and their filter; a call to a harness host off the
// update loop. It knows no page.
package kit
