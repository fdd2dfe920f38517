from __future__ import annotations

import pytest

from gaia_lib.evidence.words import (
    acronyms,
    canonical,
    compounds_seen,
    forms,
    inflection_bases,
    misspelling_of,
    normalise,
    raw_words,
    spelling_of,
    stem,
    tokens,
)


@pytest.mark.parametrize(
    ("variants", "shared"),
    [
        (("revoked", "revokes", "revoke", "revoking", "revocation"), "revok"),
        (("expiry", "expired", "expires", "expiration"), "expir"),
        (("validate", "validated", "validation", "valid"), "valid"),
        (("stopped", "stopping", "stop"), "stop"),
        (("matches", "match"), "match"),
        (("getters", "getter"), "get"),
        (("mutably", "mutable", "mutating"), "mut"),
        (("variables", "variable"), "vari"),
    ],
)
def test_inflections_share_one_stem(variants: tuple[str, ...], shared: str) -> None:
    assert {stem(word) for word in variants} == {shared}


@pytest.mark.parametrize(("variants", "other"), [
    (("kept", "keeps", "keep", "keeping"), "left"),
    (("written", "wrote", "writes", "write"), "found"),
    (("sent", "sends", "send"), "bound"),
])
def test_an_irregular_past_is_its_verb_but_a_word_of_its_own_stays_apart(
        variants: tuple[str, ...], other: str) -> None:
    """"the default array is kept" and "keeps the default array" share a word; "left" (a
    side) is no form of "leave"."""
    assert len({canonical(word) for word in variants}) == 1
    assert canonical(other) == stem(other)


@pytest.mark.parametrize(("variants", "other"), [
    (("parenthesis", "parentheses"), "parent"),
    (("index", "indices", "indexes"), "indicate"),
    (("child", "children"), "chill"),
])
def test_an_irregular_plural_is_its_singular(variants: tuple[str, ...], other: str) -> None:
    """nameparser's `test_nickname_in_parenthesis` is the test of "a nickname in
    parentheses": the two spellings shared no word, and its name explained 0.07 of the AC."""
    assert len({canonical(word) for word in variants}) == 1
    assert canonical(other) not in {canonical(word) for word in variants}


def test_a_plural_that_is_another_word_too_stays_apart() -> None:
    """"bases" is as much the plural of "base" as of "basis"; "axes" of "axe"."""
    assert canonical("bases") == canonical("base") != canonical("basis")
    assert canonical("axes") != canonical("axis")


def test_a_root_ending_as_a_suffix_does_keeps_it() -> None:
    """"format" is no "form" + -at (vercel/ms: `format` tests matched "the short form"),
    while "validate" is "valid" + -ate."""
    assert {stem(w) for w in ("format", "formatted", "formats", "formatting")} == {"format"}
    assert stem("form") != stem("format") and stem("repeated") == stem("repeat") == "repeat"
    assert stem("validated") == stem("validation") == "valid"


def test_stems_never_shrink_below_three_letters() -> None:
    assert [stem(w) for w in ("uses", "bed", "ids", "news")] == ["use", "bed", "ids", "new"]


def test_identifiers_split_on_snake_camel_kebab_and_digits() -> None:
    assert raw_words("maxAge SIGNATURE_EXPIRED x-rate-limit HTTPServer v2") == [
        "max", "age", "signature", "expired", "rate", "limit", "http", "server", "2"]


def words_only(text: str) -> set[str]:
    return {t for t in tokens(text) if not t.startswith("+")}


def test_abbreviations_expand_and_stop_words_drop() -> None:
    assert words_only("test_max_cfg_id") == words_only("maximum configuration identifier")
    assert words_only("it should correctly return the value") == {"return"}


def test_meta_is_short_for_metadata() -> None:
    """query-core: `stores meta object in query` checks the AC promising "the query's
    metadata" in the query function's context."""
    assert "metadata" in tokens("stores meta object in query") & tokens(
        "the function receives a context holding the query key, the query's metadata")


def test_the_prefix_non_is_no_word() -> None:
    assert tokens("non-word characters") & tokens("non-Latin script") == set()


def test_set_is_a_word_and_let_is_not() -> None:
    # "setMany" names an operation; "should let you" is how a sentence starts
    assert words_only("should let you setMany") == {"set", "man"}


@pytest.mark.parametrize(
    ("word", "bases"),
    [
        ("added", {"add"}), ("adds", {"add"}), ("adding", {"add"}), ("add", {"add"}),
        ("removed", {"remov"}), ("remove", {"remov"}), ("stopped", {"stop", "stopp"}),
        ("entities", {"entity"}), ("validation", {"validation"}),
    ],
)
def test_inflection_bases_strip_inflections_only(word: str, bases: set[str]) -> None:
    assert inflection_bases(word) == bases


def test_numbers_of_two_digits_or_more_are_tokens() -> None:
    assert "429" in tokens("answers 429") and "5" not in tokens("retries 5 times")


def test_compounds_link_only_when_some_text_spells_them_as_one_word() -> None:
    spelled_apart, one_word, unrelated = forms("when they log out"), forms("test_logout"), \
        forms("sign in page")
    linking = compounds_seen([spelled_apart, one_word, unrelated])
    assert linking == {"+logout"}
    assert normalise(forms("when they log out"), linking)["logout"] == {"logout"}
    assert not any(t.startswith("+") for t in normalise(forms("sign in page"), linking))


def test_a_pair_meeting_another_word_by_its_stem_alone_links_nothing() -> None:
    """redux-toolkit's extra-reducers AC says "just as they would in `createReducer`": "in
    create" joins as `increate`, stemmed as `increment` is, and had made `createSlice > when
    passing slice > should create increment action` that AC's test. A pair spelled as the
    word is, but for its inflection, still links ("when they log out", `test_logouts`), and
    so does a pair whose stem is its first word's ("value or" beside "values")."""
    ac, test = forms("just as they would in `createReducer`"), forms("should create increment action")
    assert "+incr" in ac and "incr" in test  # the same stem ...
    assert compounds_seen([ac, test]) == set()  # ... but no word spelled so
    assert "+logout" in compounds_seen([forms("when they log out"), forms("test_logouts")])
    assert "+valu" in compounds_seen([forms("a value or a list"), forms("the values")])


def test_forms_keep_each_tokens_spellings() -> None:
    assert forms("revoked revokes max_age")["revok"] == {"revoked", "revokes"}
    # as written too: the report shows a matched word as the AC writes it (go-shellwords' AC
    # writes `pwd`, and its evidence read "password")
    assert forms("max_age")["maximum"] == {"maximum", "max"}
    assert forms("so `pwd` there differs")["password"] == {"password", "pwd"}


def test_acronyms_are_initials_of_three_or_four_words_led_by_no_stop_word() -> None:
    found = acronyms("evicts the least recently used item of a time-to-live cache")
    assert found["lru"] == "least recently used"
    assert found["ttl"] == "time to live"  # one stop word inside the run is allowed
    assert found["lrui"] == "least recently used item"
    assert "tlr" not in found  # "the least recently": a run may not start with a stop word
    assert "oatt" not in found  # "of a time to": two stop words


def test_words_joined_by_or_or_and_spell_no_acronym() -> None:
    """boltons' AC "when it is copied, inverted or reversed": a list of alternatives, not a
    name; `test_ior` (the `|=` operator) is no test of it."""
    assert "ior" not in acronyms("when it is copied, inverted or reversed")
    assert "sar" not in acronyms("signed and revoked")
    assert acronyms("a time-to-live cache")["ttl"] == "time to live"


def test_a_negated_verb_meets_its_negated_spelling_as_one_word() -> None:
    ac, test = forms("Given a spec the library does not support"), forms("test_unsupported_spec")
    linking = compounds_seen([ac, test])
    assert "unsupport" in normalise(ac, linking)
    assert "invalid" in normalise(forms("when it is not valid"),
                                  compounds_seen([forms("is not valid"), forms("invalid")]))
    assert "+unchang" in forms("it doesn't change") and "+unchang" in forms("cannot be changed")
    # "no" before a noun is no verb's negation: "no sort order" is not "unsorted"
    assert "+unsort" not in forms("when no sort order is configured")


def test_a_negated_word_is_no_word_the_text_affirms() -> None:
    """@tanstack/query-core's "should not add an existing observer" matched an AC about adding
    observers; "a valid crontab file" is no case of "a line that is not valid"."""
    retry = tokens("retry")
    assert retry and retry <= tokens("retries the mutation")
    assert not retry & tokens("does not retry the mutation")
    assert {"!" + t for t in retry} <= tokens("does not retry") & tokens("is not retried")
    # only the word after "not" is negated; a later one is affirmed again
    assert {"!valid"} | tokens("file") <= tokens("is not valid file")
    assert {"!valid", "valid"} <= tokens("a line that is not valid, the valid lines")


def test_non_before_a_word_negates_it() -> None:
    """cron-parser's "throws error for non-existing file" for the AC "a file that does not
    exist"; a test of an existing file is none."""
    negated = tokens("throws error for non-existing file") & tokens("a file that does not exist")
    assert {"!" + t for t in tokens("exist")} <= negated
    assert not tokens("exist") & tokens("non-existing file")


def test_a_word_meaning_a_phrase_shares_the_phrases_words() -> None:
    """neverthrow's `Combines heterogeneous lists` tests for the AC "results whose values have
    different types"; the code's misspelling `HeterogenousList` too."""
    phrase = tokens("results whose values have different types")
    assert tokens("different types") <= phrase
    assert tokens("different types") <= tokens("Combines heterogeneous lists")
    assert tokens("different types") <= tokens("HeterogenousList")
    assert not tokens("different types") & tokens("Combines homogeneous lists")


def test_the_smallest_and_the_largest_are_the_minimum_and_the_maximum() -> None:
    """python-ulid's `test_ulid_min_input` / `test_ulid_max_input` check the AC "Given the
    smallest and the largest values a ULID can hold"."""
    ac = tokens("Given the smallest and the largest values a ULID can hold")
    assert tokens("min") | tokens("max") <= ac
    assert tokens("max") <= tokens("test_ulid_max_input")


def test_the_operators_short_names_are_their_verbs() -> None:
    """isodate's `test_sub` ("Test operator - (__sub__, __rsub__)") and `test_mul_date` check
    the ACs "when they are added or subtracted" and "when they are multiplied"."""
    assert tokens("sub") <= tokens("when they are added or subtracted")
    assert tokens("mul") <= tokens("when they are multiplied")
    assert "subtract" in tokens("test_sub")


def test_a_clock_time_is_one_word() -> None:
    """schedule 1.2.2's AC "its next run is at 10:30" shares no word with a test comparing
    another job's minute with 30 (`next.minute == 30`), and one with `at("10:30")`."""
    assert raw_words("next run at 10:30 or 06:30:15") == ["next", "run", "at", "10:30", "or",
                                                          "06:30:15"]
    assert "30" not in tokens("its next run is at 10:30")
    assert "10:30" in tokens('every().day.at("10:30")')
    assert "30" in tokens("assert next.minute == 30")
    assert raw_words("version 1.10:30") == ["version", "1", "10", "30"]


@pytest.mark.parametrize(("word", "known", "meant"), [
    ("occurances", ["occurrence", "stopwords"], "occurrence"),  # python-slugify's test names
    ("seperator", ["separator"], "separator"),
    ("seperators", ["separator"], "separator"),
    ("recieved", ["receive"], "receive"),
    ("setting", ["sitting"], None),  # a vowel apart, but two words
    ("protect", ["project"], None),  # another consonant
    ("encode", ["decode"], None),  # another first letter
    ("cached", ["cachedmethod"], None),  # a longer word, not a misspelling
    ("parse", ["prase"], None),  # too short to tell
    ("separator", ["separators"], None),  # an inflection, not a misspelling
])
def test_a_misspelt_word_is_one_its_consonants_and_a_letter_or_two_match(
        word: str, known: list[str], meant: str | None) -> None:
    assert misspelling_of(word, known) == meant


@pytest.mark.parametrize(("word", "known", "meant"), [
    ("center", ["centre", "alignment"], "centre"),  # parse's `test_center`, "centre alignment"
    ("centered", ["centre"], "centre"),  # `test_unused_centered_alignment_bug`
    ("normalize", ["normalised"], "normalised"),
    ("canceled", ["cancelled"], "cancelled"),
    ("behavior", ["behaviour"], "behaviour"),
    ("colours", ["color"], "color"),
    ("analyze", ["analyse"], "analyse"),
    ("filed", ["filled"], None),  # another word: the doubled `l` follows a vowel of the stem
    ("errors", ["error"], None),  # an inflection, no other spelling
    ("cancel", ["cancelled"], None),  # no change of spelling: inflection is not this rule's
    ("meter", ["metre"], "metre"),
    ("odor", ["odour"], None),  # too short to tell
])
def test_a_word_spelled_the_other_way_is_the_british_or_american_spelling_of_it(
        word: str, known: list[str], meant: str | None) -> None:
    assert spelling_of(word, known) == meant


def test_the_words_writing_a_number_or_a_sign_are_known_by_their_tokens() -> None:
    """dateutil's `test_minus_one_day`, `test_height_days` (eight): a number or a sign a name
    writes, as the matcher's tokens spell it; "one" and "two" are stop words already."""
    from gaia_lib.evidence.words import VALUE_WORDS, spoken_stems

    assert set(spoken_stems("test_minus_eight_days")) - VALUE_WORDS == {"test", "day"}
    assert set(spoken_stems("plus three weeks")) - VALUE_WORDS == {"week"}
    assert not set(spoken_stems("negative leap year")) & VALUE_WORDS  # subjects, not values


@pytest.mark.parametrize(("word", "known", "parts"), [
    ("typedmethod", ["typed", "method", "cached"], ("typed", "method")),  # cachetools
    ("getsizeof", ["size"], None),  # the known word inside, not at an end
    ("unequal", ["equal"], None),  # a two-letter prefix is no word
    ("nocache", ["cache"], None),
    ("testcase", ["case"], None),  # a stop word is no known word here
    ("method", ["method"], None),  # the word itself
])
def test_a_run_together_word_is_a_known_word_and_another(
        word: str, known: list[str], parts: tuple[str, str] | None) -> None:
    from gaia_lib.evidence.words import joined_with

    assert joined_with(word, known) == parts
