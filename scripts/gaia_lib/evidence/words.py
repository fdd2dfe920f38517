"""Words, for matching tests to acceptance criteria: what counts as the same word.

Rules (pure; the same text always gives the same tokens):
- Identifiers split on snake_case, kebab-case, camelCase and digits: `maxAge` -> max age,
  `SIGNATURE_EXPIRED` -> signature expired, `test_v2_api` -> v 2 api (single letters dropped).
- Lower-cased, then common abbreviations expand to one canonical word (`max` -> maximum,
  `cfg`/`config` -> configuration, `auth` -> authentication, `id` -> identifier ...).
- Stop words drop: English function words (and the prefix `non`: "non-word" and "non-Latin"
  share no meaning), the Given/When/Then keywords and the vocabulary
  every test shares (`test`, `should`, `let`, `expect`, `assert`, `correctly` ...). `set` is
  a word (`setMany`, "a set of entities"), as `add` and `remove` are.
- Stemming strips inflection and common derivations, repeatedly, never below three letters:
  revoked / revokes / revoking / revoke -> `revok`; expiry / expired / expiration -> `expir`;
  revocation -> `revok`; validate / validation / valid -> `valid`; signature / signer / signed
  -> `sign`; mutably / mutable / mutating -> `mut`; a doubled final consonant left by
  `-ing`/`-ed` is undone (stopped -> stop). A root that ends as a suffix does stops there
  (`_ROOTS`: format / formatted -> `format`, not the `form` of "the short form").
- Inflection alone (`inflection_bases`): plural, past and -ing endings and a final e only,
  so "add" meets "added" and "remove" meets "removing", but "validation" stays apart from
  "valid" (the matcher tells a word spelled as the AC's passive verb from a mere shared stem).
- An irregular past form is its verb (`IRREGULAR`: kept ~ keep, written ~ write, sent ~
  send), except those that are other words too (left, found, bound, read); an irregular
  plural is its singular (`PLURALS`: parentheses ~ parenthesis, indices ~ index), except
  those that are other words too (bases, axes, leaves).
- Numbers of two or more digits are tokens too (`429`, `15`): a test named "answers 429"
  and an AC promising a 429 share a word. A clock time (`10:30`, `10:30:50`: `CLOCK`) is one
  token, as written: a text saying "at 10:30" shares no word with `next.minute == 30`.
- Compounds: each pair of neighbouring words also yields its joined form, so "log out",
  "log-out" and "logout" share the token `logout`, and "sign up" meets `signup`; only where
  some text spells that word, inflected or not (`compounds_seen`): "in createReducer" joins
  as `increate`, whose stem is `increment`'s, and meets no test named "increment".
- Negation: a verb after "not", "never", "cannot" or a "n't" (past "be" and "been")
  also yields its negated spellings (`un`, `in`, `im`, `il`, `ir`, `dis` before it) as a
  joined form, so "does not support" meets "unsupported" and "is not valid" meets `invalid`
  (like any joined form, only where some text spells it as one word). The negated word
  itself is a token of its own (`!valid`): "is not valid" shares no word with a test named
  "parses a valid file", and "does not retry" none with "retries", while two texts that both
  negate it share it.
- A word that means a phrase stands for the phrase's words (`PHRASES`): "heterogeneous lists"
  speaks of values of "different types", as a person reads it.
- Misspellings (`misspelling_of`): a word of six or more letters, without its inflection,
  that another text spells with the same first letter and the same consonants in the same
  order, at most two letters apart (a vowel swapped, a letter doubled or left single:
  "seperator" ~ "separator", "occurances" ~ "occurrences"), is that word misspelt; the matcher
  reads a test's misspelt word as the AC's it misspells, where no AC spells it as the test
  does.
- British and American spellings (`spelling_of`): a word another text spells the other way,
  `-ise` / `-ize` (and `-isation`, `-ysed`), `-our` / `-or`, a final `-re` / `-er`, a doubled
  `l` before `-ed`, `-ing`, `-er` (`cancelled` ~ `canceled`), is that word, inflection aside:
  a story's "centre alignment" and "normalised" meet `test_center` and `normalize`; the
  matcher reads so a test's word that no AC spells.
- Run-together words (`joined_with`): a lower-case word that starts or ends with a word
  another text spells, the rest four letters or more and the known word too (no stop word),
  is those two words run together: cachetools' `test_typedmethod_dict` writes "typed" and
  "method", tabulate's `test_plain_maxheadercolwidths_autowraps` "auto" and "wraps"; the
  matcher reads so a test's word that no AC spells. "unequal" is no "equal" (a prefix of two
  letters).
- Acronyms (`acronyms`): the initials of three or four neighbouring words, the first no stop
  word and at most one of them one, so "least recently used" may be spelled `lru` and
  "time-to-live" `ttl`; the matcher links them only where a test spells the acronym. Words
  joined by "or" or "and" are alternatives, not a name: "inverted or reversed" spells no
  `ior`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache

# A clock time: hours 0-23, minutes and seconds two digits each, not inside a longer number,
# a version (`1.10:30`) or a ratio of longer parts.
CLOCK = re.compile(r"(?<![\w.:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\w:]|\.\d)")
# One part of an identifier: `maxAge` -> max, Age; `HTTPServer2` -> HTTP, Server, 2.
IDENTIFIER_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

ABBREVIATIONS = {
    "max": "maximum", "min": "minimum", "cfg": "configuration", "conf": "configuration",
    "config": "configuration", "auth": "authentication", "authn": "authentication",
    "authz": "authorization", "id": "identifier", "ids": "identifier", "msg": "message",
    "pwd": "password", "passwd": "password", "req": "request", "resp": "response",
    "res": "response", "err": "error", "errs": "error", "ts": "timestamp", "tz": "timezone",
    "str": "string", "num": "number", "len": "length", "db": "database", "env": "environment",
    "arg": "argument", "args": "argument", "param": "parameter", "params": "parameter",
    "init": "initialize", "sig": "signature", "exp": "expiry", "ttl": "lifetime",
    "dup": "duplicate", "dupe": "duplicate", "addr": "address", "info": "information",
    "attr": "attribute", "attrs": "attribute", "sec": "second", "secs": "second",
    "ms": "millisecond", "char": "character", "chars": "character", "val": "value",
    "btn": "button", "pkg": "package", "dir": "directory", "tmp": "temporary",
    "async": "asynchronous", "sync": "synchronous", "util": "utility",
    "nil": "null", "none": "null", "undefined": "null", "meta": "metadata",
    "mul": "multiply", "sub": "subtract",
}

_WORD_OR_CLOCK = re.compile(f"{CLOCK.pattern}|{IDENTIFIER_PART.pattern}")

# Words meaning what a phrase says in plain words, to those words (the misspelling
# "heterogenous" is common in code: `HeterogenousList`).
PHRASES = {
    "heterogeneous": ("different", "types"), "heterogenous": ("different", "types"),
    # the superlatives of size mean the extremes code names `min` and `max`
    "smallest": ("minimum",), "largest": ("maximum",),
}

# Irregular past forms, to their verb (kept ~ keeps ~ keep); not those that are also other
# words (left, found, bound, read, lead, fell, rose, saw).
IRREGULAR = {
    "kept": "keep", "sent": "send", "built": "build", "rebuilt": "rebuild", "held": "hold",
    "made": "make", "written": "write", "wrote": "write", "rewritten": "rewrite",
    "overwritten": "overwrite", "given": "give", "gave": "give", "taken": "take",
    "took": "take", "lost": "lose", "ran": "run", "got": "get", "gotten": "get",
    "broken": "break", "broke": "break", "chosen": "choose", "chose": "choose",
    "shown": "show", "begun": "begin", "began": "begin", "spent": "spend", "met": "meet",
    "paid": "pay", "said": "say", "sold": "sell", "told": "tell", "brought": "bring",
    "bought": "buy", "caught": "catch", "taught": "teach", "meant": "mean", "dealt": "deal",
    "drawn": "draw", "drew": "draw", "grown": "grow", "grew": "grow", "known": "know",
    "knew": "know", "hidden": "hide", "hid": "hide", "forbidden": "forbid",
    "forbade": "forbid", "frozen": "freeze", "froze": "freeze", "forgotten": "forget",
    "forgot": "forget", "overridden": "override", "overrode": "override", "slept": "sleep",
    "swept": "sweep", "wept": "weep", "fed": "feed", "fled": "flee", "stuck": "stick",
    "struck": "strike", "spoken": "speak", "spoke": "speak", "stolen": "steal",
    "woken": "wake", "worn": "wear", "torn": "tear", "sworn": "swear", "understood":
    "understand", "withheld": "withhold", "upheld": "uphold", "beaten": "beat",
    "bitten": "bite", "fallen": "fall", "flown": "fly", "flew": "fly", "driven": "drive",
    "drove": "drive", "ridden": "ride", "risen": "rise", "shaken": "shake", "sought": "seek",
    "thrown": "throw", "threw": "throw", "undone": "undo", "withdrawn": "withdraw",
}

# Irregular plurals, to their singular (parentheses ~ parenthesis, indices ~ index); not
# those that are other words too (bases, axes, leaves, lives, data).
PLURALS = {
    "parentheses": "parenthesis", "analyses": "analysis", "hypotheses": "hypothesis",
    "theses": "thesis", "ellipses": "ellipsis", "synopses": "synopsis",
    "diagnoses": "diagnosis", "emphases": "emphasis", "crises": "crisis",
    "indices": "index", "matrices": "matrix", "vertices": "vertex", "appendices": "appendix",
    "criteria": "criterion", "phenomena": "phenomenon", "schemata": "schema",
    "children": "child", "people": "person", "women": "woman", "mice": "mouse", "feet": "foot",
    "teeth": "tooth", "halves": "half", "selves": "self", "shelves": "shelf",
    "knives": "knife", "radii": "radius", "nuclei": "nucleus", "stimuli": "stimulus",
}

# The words that say code raises: "raises", "is thrown", "panics" (a Then clause's promise,
# the review's error-path ACs).
RAISING = r"rais(?:e|es|ed|ing)|throw(?:s|n|ing)?|panic(?:s|ked|king)?"

_STOP_TEXT = """
a an the and or nor but of to in on at by for with from into onto over under about as is are
was were be been being am it its it's this that these those there here then than when given
so if else not no non yes do does did done doing has have had having will would shall should
can could may might must also just only very too any all each every some such own same other
which who whom whose what where why how i we you he she they them their our your my me us
one two use used using uses via per
test tests testing spec specs it describe expect expects expected assert asserts asserting
check checks verify verifies ensure ensures case cases scenario example examples correct
correctly properly proper work works working handle handles handled handling behave behaviour
behavior function method new get gets got call let lets
called calls value result results thing things want wants like
"""
STOP_WORDS = frozenset(_STOP_TEXT.split())

MIN_STEM = 3
_DERIVATIONS = ("ational", "ation", "ature", "ably", "able", "ible", "abl", "ibl", "ition",
                "ement", "ment", "ness", "ity", "ies", "ied", "ing", "ion", "ite", "ers", "ed",
                "er", "or", "es", "ly", "ive", "al", "s", "e", "y", "at")
_KEEP_S = ("ss", "us", "is", "as")


def _strip_once(word: str) -> str:
    for suffix in _DERIVATIONS:
        if not word.endswith(suffix) or len(word) - len(suffix) < MIN_STEM:
            continue
        if suffix == "s" and word.endswith(_KEEP_S):
            continue
        if suffix in ("ies", "ied"):
            return word[: -len(suffix)] + "y"
        stem = word[: -len(suffix)]
        if suffix in ("ing", "ed", "er", "ers") and len(stem) > MIN_STEM and stem[-1] == stem[-2] \
                and stem[-1] not in "aeioulsz":
            stem = stem[:-1]  # stopped -> stop, signalling -> signal
        return stem
    return word


# Roots that end as a suffix does: `format` is no `form` + -at (its -at is the word's own)
_ROOTS = frozenset({"format", "repeat", "threat", "combat"})


@lru_cache(maxsize=1 << 16)  # pure, and test suites repeat their words
def stem(word: str) -> str:
    """The word's stem: suffixes stripped until none applies (see the module rules)."""
    current = word.lower()
    while True:
        if current in _ROOTS:
            return current
        shorter = _strip_once(current)
        if shorter == current:
            # revocation -> revoc, revoke -> revok: one stem for the Latin -voc-/-vok- pair
            return current[:-1] + "k" if current.endswith("oc") else current
        current = shorter


# The words writing a number or its sign (`test_minus_one_day`, `test_three_items`): in a
# test's name they state its example's value (stems, as the matcher's tokens are).
VALUE_WORDS = frozenset(stem(w) for w in (
    "zero", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "twenty", "hundred", "thousand", "minus", "plus"))


@lru_cache(maxsize=1 << 16)  # pure; the misspelling check asks it of every AC word often
def inflection_bases(word: str) -> frozenset[str]:
    """The word without its inflection only (plural, past, -ing; a final e), with and without
    a doubled last consonant: added / adds / adding / add -> `add`, removed / remove ->
    `remov`, stopped / stop -> `stop`; derivations stay (validation is not valid)."""
    word = word.lower()
    if word.endswith(("ies", "ied")) and len(word) > 4:
        return frozenset({word[:-3] + "y"})
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM and not (
                suffix == "s" and word.endswith(_KEEP_S)):
            word = word[: -len(suffix)]
            break
    base = word[:-1] if word.endswith("e") and len(word) > MIN_STEM else word
    if len(base) > MIN_STEM and base[-1] == base[-2]:
        return frozenset({base, base[:-1]})
    return frozenset({base})


MISSPELT_LENGTH = 6  # shorter words differ by a letter too often to be misspellings
MISSPELT_EDITS = 2
_VOWELS = frozenset("aeiouy")


@lru_cache(maxsize=1 << 14)  # pure; each test word meets every AC word
def _skeleton(base: str) -> str:
    """Its first letter and its consonants after it, doubled letters single."""
    single = re.sub(r"(.)\1+", r"\1", base)
    return single[0] + "".join(c for c in single[1:] if c not in _VOWELS)


def _edits(a: str, b: str) -> int:
    """Levenshtein distance between `a` and `b`."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


@lru_cache(maxsize=64)  # one story's words, asked of every word of its tests
def _by_skeleton(known: tuple[str, ...]) -> dict[str, tuple[tuple[str, str], ...]]:
    """The words of `known` long enough to be misspelt, as (word, base) by their bases'
    skeletons."""
    index: dict[str, list[tuple[str, str]]] = {}
    for other in known:
        if other.isalpha():
            for base in inflection_bases(other):
                if len(base) >= MISSPELT_LENGTH:
                    index.setdefault(_skeleton(base), []).append((other, base))
    return {key: tuple(found) for key, found in index.items()}


def misspelling_of(word: str, known: Iterable[str]) -> str | None:
    """The word of `known` that `word` misspells (see the module rules), or None; the first
    in sorted order where several are (the same text always gives the same answer)."""
    own = inflection_bases(word)
    if not word.isalpha() or min(map(len, own)) < MISSPELT_LENGTH:
        return None
    index = _by_skeleton(known if isinstance(known, tuple) else tuple(sorted(set(known))))
    meant = {other for a in own for other, b in index.get(_skeleton(a), ())
             if not own & inflection_bases(other) and _edits(a, b) <= MISSPELT_EDITS}
    return min(meant, default=None)


# British -> American spellings, either way round (`spelling_of`): (pattern, replacement)
_SPELLINGS = (
    (re.compile(r"(?<=[a-z]{3})is(?=e|ing|ation)"), "iz"),
    (re.compile(r"(?<=[a-z]{3})iz(?=e|ing|ation)"), "is"),
    (re.compile(r"(?<=[a-z]{2})ys(?=e|ing)"), "yz"),
    (re.compile(r"(?<=[a-z]{2})yz(?=e|ing)"), "ys"),
    (re.compile(r"(?<=[a-z]{2})our(?=s?$|ed$|ing$|ful|less|ite|able)"), "or"),
    (re.compile(r"(?<=[a-z]{3})or(?=s?$|ed$|ing$|ful|less|ite|able)"), "our"),
    (re.compile(r"(?<=[a-z]{2}[^aeiou])re(?=s?$|d$)"), "er"),
    (re.compile(r"(?<=[a-z]{2}[^aeiou])er(?=s?$|ed$)"), "re"),
    (re.compile(r"(?<=[a-z]{2}[aeiou])ll(?=ed$|ing$|er$|ers$)"), "l"),
    (re.compile(r"(?<=[a-z]{2}[aeiou])l(?=ed$|ing$|er$|ers$)"), "ll"),
)
SPELLING_LENGTH = 5  # a shorter word meets another by such a change too often


def _spellings(word: str) -> set[str]:
    """`word` spelled the other way round by each of `_SPELLINGS` that applies, one at a time."""
    return {pattern.sub(other, word) for pattern, other in _SPELLINGS} - {word}


def spelling_of(word: str, known: Iterable[str]) -> str | None:
    """The word of `known` that `word` spells the other way, British or American (see the
    module rules), inflection aside, or None; the first in sorted order where several are."""
    if not word.isalpha() or len(word) < SPELLING_LENGTH:
        return None
    own = inflection_bases(word)
    other = {base for variant in _spellings(word) for base in inflection_bases(variant)} - own
    if not other:
        return None
    return min((k for k in known if k.isalpha() and inflection_bases(k) & other),
               default=None)


JOINED_PART = 4  # each part of a run-together word is a word of four letters or more


def joined_with(word: str, known: Iterable[str]) -> tuple[str, str] | None:
    """A lower-case word run together from one a text spells (`known`, no stop word) and
    another word, each of four letters or more (`typedmethod`: "typed" and "method"): (the
    known word, the rest), the longest known word first; None if it is none such."""
    for part in sorted(known, key=lambda k: (-len(k), k)):
        if len(part) < JOINED_PART or part in STOP_WORDS or len(word) - len(part) < JOINED_PART:
            continue
        if word.startswith(part):
            return part, word[len(part):]
        if word.endswith(part):
            return part, word[:-len(part)]
    return None


def raw_words(text: str) -> list[str]:
    """Lower-cased words of `text` in order, identifiers split; single letters dropped; a
    clock time one word (`10:30`)."""
    found = []
    for part in _WORD_OR_CLOCK.findall(text):
        lowered = part.lower()
        if len(lowered) > 1 or lowered.isdigit():
            found.append(lowered)
    return found


def spoken_stems(text: str) -> list[str]:
    """The words of `text` in order, identifiers split, abbreviations expanded and stemmed,
    stop words kept (`ResultAsync` -> result, asynchronous): how a name or a sentence is
    spoken, word by word."""
    return [stem(ABBREVIATIONS.get(w, w)) for w in raw_words(text)]


def canonical(word: str) -> str | None:
    """A lower-case word's token: abbreviation expanded, stemmed; None for a stop word."""
    expanded = ABBREVIATIONS.get(word, word)
    if expanded in STOP_WORDS or word in STOP_WORDS:
        return None
    return stem(IRREGULAR.get(expanded) or PLURALS.get(expanded, expanded))


_NEGATING = frozenset({"not", "non", "never", "cannot", "doesn", "isn", "aren", "wasn", "weren",
                       "don", "didn", "won", "couldn", "shouldn", "hasn", "haven", "hadn"})
_NEGATED_PREFIXES = ("un", "in", "im", "il", "ir", "dis")


def _negated(words: list[str], i: int) -> int | None:
    """The word "not" (or a like word) at `i` negates: the index of the next word past
    `be`/`been`."""
    if words[i] not in _NEGATING:
        return None
    for j in range(i + 1, min(i + 3, len(words))):
        if words[j] not in ("be", "been"):
            return j if words[j].isalpha() and len(words[j]) >= MIN_STEM else None
    return None


def forms(text: str) -> dict[str, set[str]]:
    """Each token of `text` (see `tokens`) with the spellings it came from: the lower-case
    word as written and after abbreviation expansion (`maxAge` -> max and maximum, age), or
    the joined pair."""
    words = [w for word in raw_words(text) for w in PHRASES.get(word, (word,))]
    found: dict[str, set[str]] = {}
    negated_at: set[int] = set()
    for i, word in enumerate(words):
        token = canonical(word)
        if token is not None and i in negated_at:
            token = "!" + token
        if token is not None and (not word.isdigit() or len(word) >= 2):
            found.setdefault(token, set()).update({ABBREVIATIONS.get(word, word), word})
        if i + 1 < len(words) and not word[0].isdigit() and not words[i + 1][0].isdigit():
            joined = word + words[i + 1]
            if joined not in STOP_WORDS and len(joined) >= 5:
                found.setdefault("+" + stem(joined), set()).add(joined)
        at = _negated(words, i)
        if at is not None:
            negated_at.add(at)
            negated = words[at]
            for prefix in _NEGATED_PREFIXES:
                found.setdefault("+" + stem(prefix + negated), set()).add(prefix + negated)
    return found


def tokens(text: str) -> set[str]:
    """The distinct tokens of `text`: words (see `canonical`) plus joined neighbouring pairs."""
    return set(forms(text))


ACRONYM_WORDS = (3, 4)
_JOINING = frozenset({"or", "and"})  # words that list alternatives: no acronym spans them


def acronyms(text: str) -> dict[str, str]:
    """The acronyms `text` spells out (see the module rules): initials -> the words, in order
    of first appearance (`"a least recently used cache"` -> {"lru": "least recently used",
    "lruc": "least recently used cache"})."""
    found: dict[str, str] = {}
    run = [w for w in raw_words(text) if w.isalpha()]
    for size in ACRONYM_WORDS:
        for i in range(len(run) - size + 1):
            group = run[i:i + size]
            if group[0] in STOP_WORDS or sum(w in STOP_WORDS for w in group) > 1 \
                    or _JOINING & set(group):
                continue
            found.setdefault("".join(w[0] for w in group), " ".join(group))
    return found


def compounds_seen(groups: Iterable[Mapping[str, AbstractSet[str]]]) -> set[str]:
    """The joined-pair tokens (`+logout`) that some text also spells as one word (`logout`;
    `groups`: each text's tokens and their spellings, as `forms` gives them), the same word
    but for its inflection, or that word, inflected or not, before what the stem drops
    (`valueor` of "value or" is `values`): only those link two texts; the rest are dropped
    so they add no weight. A pair meeting another word by its stem alone links nothing: "in
    createReducer" joins as `increate`, which stems as `increment` does."""
    spelled: dict[str, set[str]] = {}
    for group in groups:
        for token, spellings in group.items():
            spelled.setdefault(token, set()).update(spellings)
    return {t for t, joined in spelled.items() if t.startswith("+") and any(
        pair.startswith((word, *inflection_bases(word)))
        or inflection_bases(pair) & inflection_bases(word)
        for pair in joined for word in spelled.get(t[1:], ()))}


def normalise(found: Mapping[str, set[str]], linking: AbstractSet[str]
              ) -> dict[str, set[str]]:
    """`found` (from `forms`) with joined pairs kept only when linking, keyed as the single
    word: `+logout` becomes `logout`."""
    out: dict[str, set[str]] = {}
    for token, spellings in found.items():
        if token.startswith("+") and token not in linking:
            continue
        out.setdefault(token.removeprefix("+"), set()).update(spellings)
    return out
