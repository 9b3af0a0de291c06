/*
** cardlab.h: the C core of the cardlab runtime.
**
** This header is the specification of the core: the seeded random generator, the
** table of cards and zones, the seats and turn order, the answer log, the word
** list, and texts made safe for a terminal. Nothing here knows about Lua; the
** binding (lcardlab.c and the files that lbinding.h lists) is the only code that
** touches the Lua stack, and it uses nothing but what is declared here.
**
** Conventions:
**   - Cards are small integers 1..ncards; 0 means "no card" or "hidden card".
**   - Zones are small integers 0..nzones-1; zone 0 is the box, which holds every
**     card that is not in play. A card is in exactly one zone at any time.
**   - Positions in a zone count from the top: 1 is the top card, count is the
**     bottom one. Where a position is taken for insertion, count+1 means "under
**     the bottom card".
**   - Seats are 1..nseats; seat 0 means "nobody" (the owner of a shared zone) or
**     "everyone" (the all-seeing view).
**   - Functions that can fail for a caller's reason return a negative CL_E* code;
**     cl_strerror turns it into a lowercase message. Invariants are asserts.
*/
#ifndef CARDLAB_H
#define CARDLAB_H

#include <stddef.h>
#include <stdint.h>

#define CL_VERSION "0.1.0"

#define CL_MAX_SEATS 8
#define CL_MAX_CARDS 65535

/* error codes returned (negated) by functions that may fail */
#define CL_OK 0
#define CL_ENOMEM (-1)     /* out of memory */
#define CL_ERANGE (-2)     /* position, seat or count out of range */
#define CL_ENOCARD (-3)    /* the card id does not exist */
#define CL_ENOZONE (-4)    /* the zone id does not exist */
#define CL_EEXIST (-5)     /* a zone of that name exists already */
#define CL_EEMPTY (-6)     /* the zone has no card to take */
#define CL_ENOTHERE (-7)   /* the card is not in the zone named */

/* Returns a static lowercase message for a CL_E* code. */
const char *cl_strerror(int code);


/* ---------------------------------------------------------------- random */

/* xoshiro256** (Blackman and Vigna): 256 bits of state, 2^256-1 period. The
** state is a plain value: copy it to save it, assign it to restore it. */
typedef struct cl_Rng {
  uint64_t s[4];
} cl_Rng;

/* Seeds the generator from one 64-bit number (expanded with splitmix64), so that
** equal seeds give equal streams on every machine. */
void cl_rng_seed(cl_Rng *r, uint64_t seed);

/* Returns the next 64 random bits. */
uint64_t cl_rng_next(cl_Rng *r);

/* Returns a uniform integer in [0, bound), without bias (Lemire's
** multiply-and-reject method). bound must be at least 1. */
uint32_t cl_rng_below(cl_Rng *r, uint32_t bound);

/* Returns a uniform double in [0, 1) with 53 random bits. */
double cl_rng_float(cl_Rng *r);

/* Shuffles a[0..n-1] in place (Fisher-Yates, every order equally likely). */
void cl_rng_shuffle(cl_Rng *r, int32_t *a, size_t n);


/* ---------------------------------------------------------------- table */

/* Who may see the cards of a zone. Face-down cards are hidden from everyone
** whatever the zone's visibility, except from seats they were shown to. */
typedef enum cl_Visibility {
  CL_VIS_EVERYONE = 0, /* all seats see the face-up cards */
  CL_VIS_OWNER = 1,    /* the owner sees the cards, the others their count */
  CL_VIS_COUNT = 2,    /* nobody sees the cards, everyone sees the count */
  CL_VIS_NOBODY = 3    /* nobody sees the cards nor their count */
} cl_Visibility;

/* The table: every card and every zone of one game. Opaque. */
typedef struct cl_Table cl_Table;

/* Creates a table with cards 1..ncards, all in the box (zone 0, named "box",
** visibility nobody). Returns NULL when out of memory or ncards is out of
** range [0, CL_MAX_CARDS]. The caller owns the table: free it with
** cl_table_free. */
cl_Table *cl_table_new(int ncards);

/* Frees the table and every zone in it. Accepts NULL. */
void cl_table_free(cl_Table *t);

/* Returns the number of cards, and of zones (the box included). */
int cl_table_ncards(const cl_Table *t);
int cl_table_nzones(const cl_Table *t);

/* Adds a zone and returns its id (>= 1), or CL_EEXIST, CL_ENOMEM or CL_ERANGE
** (owner outside 0..CL_MAX_SEATS). The name is copied. face_up is the face a card
** takes when it arrives (1 face up, 0 face down). */
int cl_zone_new(cl_Table *t, const char *name, int owner, cl_Visibility vis,
                int face_up);

/* Returns the zone's id, or CL_ENOZONE when no zone has that name. */
int cl_zone_find(const cl_Table *t, const char *name);

/* Zone attributes. The zone id must be valid (assert). The name stays owned by
** the table. */
const char *cl_zone_name(const cl_Table *t, int z);
int cl_zone_owner(const cl_Table *t, int z);
cl_Visibility cl_zone_visibility(const cl_Table *t, int z);
int cl_zone_count(const cl_Table *t, int z);

/* Returns the zone's version: a number that changes whenever anything a
** seat could see of the zone changes (its cards, their order, faces and
** peeks); no two zones share one. Views of a zone made at the
** same version are equal, so that they can be kept and reused. */
int64_t cl_zone_version(const cl_Table *t, int z);

/* Returns the card at a position (1 = top), or 0 if there is none. */
int cl_zone_peek(const cl_Table *t, int z, int pos);

/* Returns the position (1 = top) of a card in the zone, or 0 if it is not there. */
int cl_zone_find_card(const cl_Table *t, int z, int card);

/* Copies the zone's cards, top first, into out (room for cl_zone_count cards).
** Returns the count. */
int cl_zone_cards(const cl_Table *t, int z, int32_t *out);

/* Returns the zone a card is in, or CL_ENOCARD. */
int cl_card_zone(const cl_Table *t, int card);

/* Moves a card, wherever it is, into zone `to` at position pos (1 = top,
** count+1 = bottom; pos <= 0 also means bottom). The card takes the face of
** `to` and is forgotten by every seat it was shown to. Returns CL_OK, or
** CL_ENOCARD, CL_ENOZONE, CL_ERANGE. Nothing changes on failure. */
int cl_card_move(cl_Table *t, int card, int to, int pos);

/* Moves the card at position `from_pos` of zone `from` to position `to_pos` of
** zone `to` (positions as in cl_card_move). Returns the card moved, or
** CL_EEMPTY, CL_ERANGE, CL_ENOZONE. */
int cl_zone_move(cl_Table *t, int from, int from_pos, int to, int to_pos);

/* Moves every card of `from` onto `to` (keeping their order, on top when
** on_top is 1, under the bottom otherwise) except the top `keep` cards.
** Returns the number moved. */
int cl_zone_move_all(cl_Table *t, int from, int to, int keep, int on_top);

/* Shuffles the zone with the generator. */
void cl_zone_shuffle(cl_Table *t, int z, cl_Rng *r);

/* Deals n cards to each of the nto zones in turn, one at a time from the top of
** `from`, the way a dealer does. Returns the number of cards dealt, which is less
** than n*nto only if `from` ran out; CL_ENOZONE for a bad zone id. */
int cl_zone_deal(cl_Table *t, int from, const int *to, int nto, int n);

/* Draws up to n cards from the top of `from` onto the top of `to`. When `from`
** is empty and refill >= 1, every card of zone `refill` but its top `keep` is
** moved into `from`, which is then shuffled with r, and drawing goes on.
** Returns the number of cards drawn (less than n when both ran out). */
int cl_zone_draw(cl_Table *t, int from, int to, int n, int refill, int keep,
                 cl_Rng *r);

/* Card faces: 1 face up, 0 face down. cl_card_set_face returns CL_ENOCARD or
** CL_OK. */
int cl_card_face_up(const cl_Table *t, int card);
int cl_card_set_face(cl_Table *t, int card, int face_up);

/* Shows a card to one seat (a peek): the seat sees it until the card moves.
** Returns CL_OK, CL_ENOCARD or CL_ERANGE. */
int cl_card_show(cl_Table *t, int card, int seat);

/* Returns 1 if the card was shown to the seat since it last moved. */
int cl_card_shown(const cl_Table *t, int card, int seat);

/* Returns 1 if `seat` may see which card it is (seat 0: the all-seeing view
** sees everything), 0 if not. The card must exist (assert). */
int cl_card_visible(const cl_Table *t, int card, int seat);

/* Returns 1 if `seat` may see how many cards the zone holds. */
int cl_zone_count_visible(const cl_Table *t, int z, int seat);

/* Copies the zone as `seat` sees it into out, top first: the card id where the
** seat may see it, 0 where it may not. Returns the count, or -1 when even the
** count is hidden from the seat (CL_VIS_NOBODY). */
int cl_zone_view(const cl_Table *t, int z, int seat, int32_t *out);

/* Returns 1 if `seat` knows which zone the card is in without seeing it: the
** seat saw the card (face up, in its own zone, or shown) when it last moved
** or was turned face down, and has not since seen a card it could not tell
** apart leave that zone (after which the card may be either place). A whole
** zone moved keeps what is known of it; a shuffle keeps the zone. */
int cl_card_known(const cl_Table *t, int card, int seat);

/* Whether a card may lie in a zone, by what the game knows and the engine
** cannot (a player who could not follow suit holds none of it): 1 if it may.
** ud is the caller's. */
typedef int (*cl_DealAllows)(void *ud, int card, int zone);

/* Determinization: re-deals, for `seat`, every card the seat cannot see
** among the places it cannot see, so that the table is one the seat cannot
** tell from the real one. Cards the seat sees stay where they are, zones
** keep their counts, a card whose zone the seat knows (cl_card_known)
** stays in that zone, and a card goes only where a card of its back was:
** back[card] (0..ncards; back may be NULL: all cards alike) tells decks
** apart, as their backs do face down. A place keeps its face and what the other seats were
** shown or know of the card there. Every deal that keeps these, and that
** `allows` (when not NULL) accepts for every card, is equally likely, drawn
** from r by rejection; when 64 deals in a row break the constraints, the
** last one is mended by swaps, which may leave some broken. The deal
** depends only on what the seat sees and knows, and on r, not on where the
** hidden cards were. Seat 0 sees everything: nothing moves. Returns the
** number of cards left where `allows` refuses them (0 normally), CL_ERANGE
** for a seat outside 0..CL_MAX_SEATS or a back outside 0..ncards, or
** CL_ENOMEM (the table unchanged then). */
int cl_table_determinize(cl_Table *t, const int32_t *back, int seat, cl_DealAllows allows,
                         void *ud, cl_Rng *r);


/* ---------------------------------------------------------------- seats */

/* Seats and turn order. A plain value, like cl_Rng: seats 1..n, a current seat,
** a direction (+1 clockwise, -1 counter-clockwise), a start-player marker, a
** round counter, teams, pending skipped turns and extra turns per seat. */
typedef struct cl_Seats {
  int n;
  int current;   /* whose turn it is */
  int direction; /* +1 or -1 */
  int start;     /* the seat holding the start-player marker */
  int round;     /* 1 in the first round; +1 each time the turn reaches start */
  int turn;      /* turns begun so far, 1 for the first */
  int team[CL_MAX_SEATS + 1];  /* team number per seat, 0 if none */
  int skip[CL_MAX_SEATS + 1];  /* turns the seat will lose */
  int extra[CL_MAX_SEATS + 1]; /* turns the seat will take again at once */
} cl_Seats;

/* Sets up n seats (1..CL_MAX_SEATS): seat 1 starts and holds the marker, round
** 1, clockwise, no teams. Returns CL_OK or CL_ERANGE. */
int cl_seats_init(cl_Seats *s, int n);

/* Returns the seat `steps` places after `seat` in the current direction
** (negative steps go back). */
int cl_seats_after(const cl_Seats *s, int seat, int steps);

/* Ends the current turn and returns the seat whose turn begins: the same seat
** if it has an extra turn, else the next seat in the direction that has no turn
** to lose (a lost turn is used up as it is passed over). The round counter rises
** when the turn reaches the start-player seat. */
int cl_seats_next(cl_Seats *s);

/* The turn goes to `seat` now, skipping the seats in between (an interrupt).
** Rounds are counted as if the turn had passed through the seats in between.
** Returns CL_OK or CL_ERANGE. */
int cl_seats_jump(cl_Seats *s, int seat);

/* Ends the round and gives the next one to `seat`, as the winner of a trick
** leads the next trick: it takes the turn and the start-player marker, and the
** round and turn counters rise by one. Before the first turn of the game has
** ended (turn 1), the lead opens round 1: only the turn and the marker move.
** Lost and extra turns are not looked at. */
void cl_seats_lead(cl_Seats *s, int seat);

/* Passes the start-player marker `steps` seats on in the current direction. */
void cl_seats_pass_marker(cl_Seats *s, int steps);

/* Writes the n seats into out in turn order beginning with `from`, going in
** direction dir (+1 or -1). Returns n. */
int cl_seats_order(const cl_Seats *s, int from, int dir, int *out);


/* ---------------------------------------------------------------- log */

/* The answer log: one entry per request answered, the deciding seat and the
** answer's text form. Replay, undo and save files are built on it. Opaque. */
typedef struct cl_Log cl_Log;

/* Creates an empty log, or NULL when out of memory. Free with cl_log_free. */
cl_Log *cl_log_new(void);
void cl_log_free(cl_Log *log);

/* Appends an answer (the text is copied). Returns the new count or CL_ENOMEM. */
int cl_log_append(cl_Log *log, int seat, const char *text, size_t len);

/* Returns the number of entries. */
int cl_log_count(const cl_Log *log);

/* Returns entry i (1-based): its text (owned by the log, NUL-terminated, valid
** until the next append, truncation or free: the log's buffer moves as it
** grows) and, through seat and len when not NULL, its seat and length.
** Returns NULL when i is out of range. */
const char *cl_log_get(const cl_Log *log, int i, int *seat, size_t *len);

/* Keeps the first n entries and forgets the rest. */
void cl_log_truncate(cl_Log *log, int n);


/* ---------------------------------------------------------------- dictionary */

/* A word list as a minimal DAWG (directed acyclic word graph): words of the
** letters A-Z, stored in one array of 64-bit edges in which a node is a run of
** edges, one for each child in letter order; an edge says where its child's
** run starts, which letters the child has, and whether a word ends there.
** Opaque. */
typedef struct cl_Dict cl_Dict;

#define CL_DICT_MAX_WORD 32   /* longer lines are skipped as not words */
#define CL_DICT_MAX_EDGES ((1 << 27) - 1)  /* edges of a DAWG: 1 GiB, far more than any word list */

/* What loading a word list found. first_skipped holds the line numbers of up
** to 8 skipped lines. */
typedef struct cl_DictStats {
  long lines;          /* lines read */
  long words;          /* distinct words kept */
  long skipped;        /* lines that are not words of letters A-Z (blank ones not counted) */
  long first_skipped[8];
  long nodes;          /* nodes of the DAWG */
  size_t bytes;        /* memory of the structure */
  int too_large;       /* 1: the list needs more than CL_DICT_MAX_EDGES edges */
} cl_DictStats;

/* Builds a dictionary from word-list text (one word per line, any case, CR LF
** or LF, with or without a UTF-8 byte order mark; a line that is not a word of
** letters A-Z is counted and skipped).
** Returns NULL when out of memory or when no word was found (stats tell). The
** caller owns the dictionary: free it with cl_dict_free. */
cl_Dict *cl_dict_build(const char *text, size_t len, cl_DictStats *stats);

/* Frees a dictionary. Accepts NULL. */
void cl_dict_free(cl_Dict *d);

/* Fills stats with the dictionary's words, nodes and bytes, and lines,
** skipped and first_skipped as found when it was built from the list (an
** image carries them, so a dictionary made from one gives the same). */
void cl_dict_stats(const cl_Dict *d, cl_DictStats *stats);

/* The image: the structure as bytes, for a cache file. cl_dict_image returns
** its size and points *data at it (owned by the dictionary). cl_dict_from_image
** checks an image thoroughly (header, checksum, every offset) and returns a
** dictionary, or NULL if the bytes are not a valid image or memory runs out;
** the bytes are copied. */
size_t cl_dict_image(const cl_Dict *d, const void **data);
cl_Dict *cl_dict_from_image(const void *data, size_t len);

/* Returns 1 if the word (letters A-Z or a-z, len of them) is in the
** dictionary, 0 if not (also for any other character). */
int cl_dict_contains(const cl_Dict *d, const char *word, size_t len);

/* Looks up n words (word[i] of len[i] letters, not NUL-terminated; a NULL
** word is not in it), each answered as cl_dict_contains would, and returns
** how many are in the dictionary; if in is not NULL, sets in[i] to 1 or 0 for
** each. word and len may be NULL when n is 0. Faster than a call each: the
** lookups overlap their waits on memory. */
size_t cl_dict_contains_many(const cl_Dict *d, const char *const *word, const size_t *len,
                             size_t n, unsigned char *in);

/* A search for every word that can be formed from a multiset of letters. */
typedef struct cl_DictQuery {
  unsigned char hand[26];  /* letters the player holds, by count (A = 0) */
  unsigned char pool[26];  /* letters anyone may use, by count */
  int min_len, max_len;    /* length of the word formed (1..CL_DICT_MAX_WORD) */
  int min_cards;           /* letters that must come from hand or pool */
  int need_hand;           /* 1: at least one letter must come from the hand */
  int double_letter;       /* 1: one letter of the word may be used twice (one
                              extra copy of a letter the word uses anyway) */
  int append_s;            /* 1: an S not from the letters may end the word */
} cl_DictQuery;

/* How a found word was formed: CL_DICT_DOUBLED if a letter was used twice
** (the letter is in *doubled), CL_DICT_APPENDED if the final S was added. */
#define CL_DICT_DOUBLED 1
#define CL_DICT_APPENDED 2

/* Called for each word found: shortest first, alphabetically within a
** length. word is not NUL-terminated and valid during the call only. Return
** nonzero to stop the search. */
typedef int (*cl_DictFound)(const char *word, int len, int how, int doubled, void *ud);

/* Finds every way to form a word under the query: calls found for each (when
** not NULL) and returns how many there were (up to the stop), or -1 if memory
** ran out. A word that can be formed with a real S card is not reported again
** with an appended one. */
long cl_dict_search(const cl_Dict *d, const cl_DictQuery *q, cl_DictFound found, void *ud);

/* A count that can name its words, for a caller that needs one word of
** hundreds (a random pick): counting costs about two thirds of listing, and
** spelling one word afterwards little. Made by cl_dict_kept_new (NULL when
** out of memory) and freed by cl_dict_kept_free (which accepts NULL); it
** keeps its memory from one count to the next. */
typedef struct cl_DictKept cl_DictKept;
cl_DictKept *cl_dict_kept_new(void);
void cl_dict_kept_free(cl_DictKept *k);

/* Counts the ways to form a word under the query, as cl_dict_search does
** without a callback, and keeps in k what the count walked (a copy of the
** query too). Returns the count, or -1 if memory ran out. */
long cl_dict_count_kept(const cl_Dict *d, const cl_DictQuery *q, cl_DictKept *k);

/* Spells the i-th word (from 0, in the order cl_dict_search reports them) of
** the last count kept in k, made on d, into word (room for
** CL_DICT_MAX_WORD letters, not NUL-terminated), and sets *how and *doubled as
** the callback would get them. Returns its length, 0 if the count had no i-th
** word, or -1 if memory ran out. A lean query (neither doubling nor an
** appended S) walked breadth-first walks one length of its count again; any
** other is searched again, up to the word. */
int cl_dict_kept_word(const cl_Dict *d, cl_DictKept *k, long i, char *word, int *how, int *doubled);


/* ---------------------------------------------------------------- answers */

/* Finds an answer among the legal ones: an exact match first, else a match that
** ignores case and collapses runs of blanks. Returns the 0-based index in
** legal[], or -1 if none matches, or -2 if the loose match is ambiguous. */
int cl_answer_match(const char *answer, size_t len, const char *const *legal,
                    const size_t *legal_len, int n);

/* The legal answer that a refused answer begins with, words to spare after it
** ("draw now" for "draw"), as cl_answer_match compares (case and blanks
** aside); the longest such beginning. Returns its 0-based index in legal[], or
** -1. Looks no further into the answer than the longest legal text has
** letters, so a pasted megabyte costs no more than a line. */
int cl_answer_say_just(const char *answer, size_t len, const char *const *legal,
                       const size_t *legal_len, int n);

/* The legal answer whose words after its first are a refused answer, as
** cl_answer_match compares ("8D" for "play 8D"): the answer given without its
** verb. Returns its 0-based index in legal[], or -1 when no answer or more
** than one ends so, or the answer is blank. */
int cl_answer_ending(const char *answer, size_t len, const char *const *legal,
                     const size_t *legal_len, int n);

/* The legal answer that a "yes" or "no" (or "y", "n", as cl_answer_match
** compares) stands for, where a question is answered by other words: the
** answer that is the word or ends with it ("patrol yes" for "y"); else a no
** stands for the one declining answer
** (skip, pass, no, cancel, refuse, stop, none), a yes for the one other answer.
** Returns its 0-based index in legal[], or -1 (the answer is no yes or no, or
** none or several stand for it); *several is set when several answers stand
** for a yes, the first of them returned. */
int cl_answer_yes_no(const char *answer, size_t len, const char *const *legal,
                     const size_t *legal_len, int n, int *several);

/* 64-bit FNV-1a of the bytes: the content hash of scripts in save files. Feed
** it a previous result as h to hash several pieces; start with CL_HASH_INIT. */
#define CL_HASH_INIT UINT64_C(0xcbf29ce484222325)
uint64_t cl_hash(uint64_t h, const void *data, size_t len);


/* ---------------------------------------------------------------- metrics */

/* The lead changes, drama and decisiveness of one game (docs/simulation.md)
** from its standings: npoints points (one per round and the last at the
** end) of `seats` standings each, point k's at points[k * seats], and won[s]
** nonzero for the winners (seat s + 1). Sets the number of lead changes,
** the points where the winners trailed and their summed gap to the leader
** (each over the largest standing in absolute value; drama is gap /
** trailing), and decisiveness. All are 0 without points. */
void cl_standing_metrics(const double *points, int npoints, int seats, const unsigned char *won,
                         int *changes, int *trailing, double *gap, double *decisiveness);


/* ---------------------------------------------------------------- texts */

/* Texts as the host prints them to a terminal: C0 control bytes and DEL are
** escaped as Lua's %q writes them (\9, or \009 before a digit; \27 for ESC),
** and so are the C1 control characters U+0080..U+009F in UTF-8, as their two
** bytes (\194\155, which some terminals obey as CSI); other bytes, UTF-8
** among them, are kept. */

/* Returns 1 if the text has nothing to escape with newline and tab kept. */
int cl_text_printable(const char *s, size_t len);

/* Writes the text escaped into out and returns the number of bytes written
** (no NUL is added); with out NULL, writes nothing and returns the number of
** bytes it would write, so that the caller can size out. With `lines`,
** newline and tab are kept (a text of several lines stays so); else they are
** escaped too and the text comes out on one line. A text wider than `most`
** columns (a UTF-8 character is one, an escape as many as its bytes) is cut
** and ends with "...", the whole within `most` columns; SIZE_MAX cuts
** nothing. */
size_t cl_text_escape(char *out, const char *s, size_t len, size_t most, int lines);

#endif
