"""Structured contexts (a JSON record, as in data-to-text) read as text: ``key: value`` fields, in sentences.

Every family compares answer words with context words; in raw JSON the words carry its syntax (``"Café Rouge"}``,
``"cheap",``), so a faithful restatement of a record reads as new words. Flattened, ``{"food": "French", "price":
"cheap", "hours": {"Monday": "7-22"}}`` reads ``food: French; price: cheap.`` and ``hours Monday: 7-22.``: the same
content, the words bare, and a record's short fields in one sentence, which an answer sentence that restates several of
them aligns to. Values that answers write another way are read both ways: a clock time also as a person writes it
(``11:00-23:00`` reads ``11:00-23:00 (11 am to 11 pm)``, ``12:00`` ``noon``), a state or province code also by its name
(``state: AZ (Arizona)``), a rating in stars also as a rating (``stars: 4.5 (4.5-star rating)``), a weekday field also
in the plural (``hours Monday (Mondays): ...``: "open on Mondays"), the days a week they count (``Blue Door Cafe:
six days a week.``: "open seven days a week" is wrong) and the weekdays they leave out (``Blue Door Cafe is closed
on Monday (Mondays).``: "closed on Mondays" restates it, "closed on Sundays" replaces its day), a Python-quoted
string bare (``u'free'`` reads ``free``), an identifier of words as words (``beer_and_wine`` reads ``beer and
wine``), a Python literal kept in a string as its value (``"{'garage': False, 'lot': True}"`` as the object it
writes, ``"True"`` as yes).

A field that says a thing is absent (``false``, ``"none"``, ``"no"``: ``"OutdoorSeating": false``, ``"Alcohol":
"u'none'"``; a ``null`` is a value the record lacks) reads as sentences of their own that deny it both ways answers do,
with the record's name as its subject (``Blue Door Cafe does not have outdoor seating (attributes). Blue Door Cafe has
no outdoor seating (attributes).``: two sentences of one negation each, so that "has no outdoor seating" restates the
second and a claim of the thing leaves out a negation). Read as ``outdoor seating: no`` among other fields, after a line
of the name, an answer sentence that names the record aligned to the name's line: "does not have outdoor seating" read
as a negation the context lacks and "has outdoor seating" as a restatement, the wrong way round. Denied and named in a
sentence, "has outdoor seating" leaves out the context's negation and "does not have" and "has no" restate it. Every
line of nested fields starts with the record's name for the same reason (``Blue Door Cafe hours Monday: 7:00-15:00
...``): the name no longer decides which line an answer sentence restates. A nested object with a name of its own (an
item of a list) is the subject of its own denied fields. JSON nested deeper than Python reads is left as written.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

ENDS_SENTENCE = (".", "!", "?")
_SENTENCE_MARK = re.compile(r"[.!?](?:\s|$)")  # "Great coffee!", "Slow. Rude." (not "5.0")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# a range of two clock times ("7:0-22:0" as Yelp writes it, "11:00-23:00") or one with two digits of minutes ("9:30";
# "2:1" may be a score)
_CLOCKS = re.compile(r"(\d{1,2}:\d{1,2})\s*-\s*(\d{1,2}:\d{1,2})|(\d{1,2}:\d{2})")
_QUOTED = re.compile(r"u?'([^']*)'")  # "u'free'": a Python repr kept in a JSON string
_SNAKE = re.compile(r"[a-z]+(?:_[a-z]+)+")  # a value written as an identifier ("beer_and_wine")
_STARS = re.compile(r"\d(?:\.\d)?")  # a rating in stars ("4.5", "3")
# US states and territories, Canadian provinces and territories: what a record's state field holds, by code
REGIONS = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky",
    "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire",
    "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island",
    "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "PR": "Puerto Rico", "GU": "Guam", "VI": "US Virgin Islands",
    "AB": "Alberta", "BC": "British Columbia", "MB": "Manitoba", "NB": "New Brunswick",
    "NL": "Newfoundland and Labrador", "NS": "Nova Scotia", "NT": "Northwest Territories", "NU": "Nunavut",
    "ON": "Ontario", "PE": "Prince Edward Island", "QC": "Quebec", "SK": "Saskatchewan", "YT": "Yukon",
}
REGION_FIELDS = ("state", "province")  # the last word of a field name that holds a region code
SHORT_WORDS = 12  # a longer value (a review, a description) gets a line of its own
ABSENT = frozenset({"no", "none", "false"})  # values that deny a field ("WiFi": "no", "Alcohol": "none")
NAME_FIELDS = ("name", "business name", "title", "product", "product name", "model")  # what names a record
LITERALS = {"True": True, "False": False, "None": None}  # Python's spellings, as Yelp's records keep them
WEEK = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKDAYS = frozenset(WEEK)
LISTED_WEEK = 4  # weekdays an hours object lists for the days it leaves out to read as closed days
WEEK_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven")  # open days a week, as answers write them


def _key_part(part: str) -> str:
    """One word of an identifier key: an ordinary word (``Restaurants``) in lower case, an acronym (``TV``) or a name of
    short parts (``WiFi``) as written."""
    return part.lower() if len(part) > 2 and part[1:].islower() else part


def field_name(key: Any) -> str:
    """A key as words: an identifier (``priceRange``, ``WheelchairAccessible``, ``business_stars``) split and in lower
    case (``price range``), parts of one or two letters kept together and as written (``WiFi``, ``HasTV`` reads
    ``has TV``); any other key as it is (``Monday``, ``customer rating``)."""
    text = str(key).strip()
    if "_" not in text and not _CAMEL.search(text):
        return text
    words = []
    for token in text.replace("_", " ").split():
        parts: list[str] = []
        for part in _CAMEL.split(token):
            if parts and len(part) <= 2 and len(parts[-1]) <= 2:
                parts[-1] += part  # "Wi" + "Fi"
            else:
                parts.append(part)
        words.extend(_key_part(part) for part in parts)
    return " ".join(words)


def spoken_time(hours: int, minutes: int) -> str:
    """A 24-hour clock time as a person writes it: 23:00 -> ``11 pm``, 9:30 -> ``9:30 am``, 12:00 -> ``noon``, 0:00
    and 24:00 -> ``midnight``."""
    if minutes == 0 and hours in (0, 24):
        return "midnight"
    if minutes == 0 and hours == 12:
        return "noon"
    hour = hours % 12 or 12
    return f"{hour}{f':{minutes:02d}' if minutes else ''} {'pm' if 12 <= hours < 24 else 'am'}"


def _clock_reading(text: str) -> str | None:
    """A value that is a range of two clock times (``7:0-22:0``) or one time, zero-padded and with its spoken form
    after it (``7:00-22:00 (7 am to 10 pm)``); None for any other value or an impossible time."""
    match = _CLOCKS.fullmatch(text)
    if not match:
        return None
    times = [(int(hours), int(minutes)) for hours, minutes in
             (clock.split(":") for clock in match.groups() if clock)]
    if any(hours > 24 or minutes > 59 for hours, minutes in times):
        return None
    padded = "-".join(f"{hours}:{minutes:02d}" for hours, minutes in times)
    return f"{padded} ({' to '.join(spoken_time(hours, minutes) for hours, minutes in times)})"


def _literal(value: Any) -> Any:
    """A string that writes a Python literal (``"True"``, ``"None"``, ``"{'garage': False}"``, ``"u'free'"`` stays a
    string) as the value it writes; any other value as it is."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text in LITERALS:
        return LITERALS[text]
    if text.startswith(("{", "[")):
        try:
            parsed = ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return value
        return parsed if isinstance(parsed, (dict, list)) else value
    return value


def _absent(value: Any) -> bool:
    """Whether a value denies its field: ``false``, ``"no"``, ``"none"`` (Python-quoted too); not ``null``, a value
    the record does not know."""
    return value is False or isinstance(value, str) and _scalar(value).lower() in ABSENT


def _scalar(value: Any, name: str = "") -> str:
    """A value as text; a clock time, a region code (in a field ``name`` such as ``state``) and a Python-quoted
    string read as an answer would write them."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    text = str(value).strip()
    quoted = _QUOTED.fullmatch(text)
    if quoted:
        text = quoted.group(1)
    if _SNAKE.fullmatch(text):
        text = text.replace("_", " ")  # "beer_and_wine", "full_bar": Yelp's values are identifiers too
    last = name.lower().rsplit(" ", 1)[-1]
    if last in REGION_FIELDS and text in REGIONS:
        return f"{text} ({REGIONS[text]})"
    if last == "stars" and _STARS.fullmatch(text):
        return f"{text} ({text}-star rating)"  # "a 4.5-star rating", as answers write a record's stars
    return _clock_reading(text) or text


def _short_text(value: Any, name: str = "") -> str | None:
    """The text of a value that reads as one field of a line (:func:`_scalar`); None for an object, a list or a
    sentence of text."""
    if isinstance(value, (dict, list)):
        return None
    text = _scalar(value, name)
    return text if len(text.split()) <= SHORT_WORDS and not _SENTENCE_MARK.search(text) else None


def _flatten(value: Any, path: str, lines: list[str], subject: str = "It") -> None:
    """Append ``value``'s lines: an object's short fields on one line (``food: French; price range: cheap.``), each
    field that denies a thing in sentences of its own (``<subject> does not have outdoor seating (attributes).
    <subject> has no outdoor seating (attributes).``), each longer text, nested object and list item on lines of its
    own, after the record's name (``subject``) where it has one."""
    value = _literal(value)
    if isinstance(value, list):
        texts = [_short_text(item) for item in value]
        if texts and None not in texts:
            lines.append(_ended(_about(subject, path) + (f"{path}: " if path else ""), ", ".join(texts)))
        else:
            for item in value:
                _flatten(item, path, lines, subject)
        return
    if not isinstance(value, dict):
        lines.append(_ended(_about(subject, path) + (f"{path}: " if path else ""), _scalar(value, path)))
        return
    own = _subject(value, "")  # an item with a name of its own is what its fields are about; its line names it
    prefix, subject = (_about(subject, path), subject) if not own else ("", own)
    fields, denied, rest = [], [], []
    closed = _closed_days(value)
    for key, item in value.items():
        item = _literal(item)
        if closed and str(item).strip().lower() == "closed":
            continue  # read in the closed days' sentences: "closed" beside the hours makes "opens at 8 am" an antonym
        name = f"{path} {_weekdays(field_name(key))}".strip()
        text = _short_text(item, name)
        if text is not None and _absent(item):
            field = field_name(key).removeprefix("has ")  # "HasTV": "does not have TV"
            where = f" ({path})" if path else ""
            denied.append(f"{subject} does not have {field}{where}. {subject} has no {field}{where}.")
        elif text is not None:
            fields.append(f"{name}: {text}")
        else:
            rest.append((name, item))
    if fields:
        lines.append(_ended(prefix, "; ".join(fields)))
    if week := _week(value):
        lines.append(_ended(f"{subject}: ", week))
    if closed:
        lines.append(_ended(f"{subject} is closed on ", closed))
    lines.extend(denied)
    for name, item in rest:
        _flatten(item, name, lines, subject)


def _weekdays(field: str) -> str:
    """A field named by a weekday also in the plural, as answers about opening hours write it (``Monday (Mondays)``);
    any other field as it is."""
    return f"{field} ({field}s)" if field.lower() in WEEKDAYS else field


def _hours_by_weekday(value: dict) -> dict[str, str] | None:
    """An object of opening hours by weekday as ``{weekday: hours}``, both in lower case; None for any other object."""
    days = {str(key).strip().lower(): str(item).strip().lower() for key, item in value.items()}
    return days if days and days.keys() <= WEEKDAYS else None


def _week(value: dict) -> str | None:
    """For an object of opening hours by weekday, how many days a week the record is open, as answers count them
    (``six days a week``, a sentence of its own: "open" beside the hours would make "closes at 9 pm" an antonym; a day
    whose hours read ``closed`` is no open day); None for any other object."""
    if (days := _hours_by_weekday(value)) is None:
        return None
    open_days = sum(1 for hours in days.values() if hours != "closed")
    return f"{WEEK_COUNTS[open_days]} day{'s' if open_days > 1 else ''} a week" if open_days else None


def _closed_days(value: dict) -> str | None:
    """For an object of opening hours by weekday, the weekdays it is closed on, as answers name them (``Monday
    (Mondays) and Tuesday (Tuesdays)``): those whose hours read ``closed`` and, where it lists at least
    ``LISTED_WEEK`` days, those it leaves out (Yelp's hours list open days only; a shorter list may be a partial
    record); None for any other object or a week with no closed day."""
    if (days := _hours_by_weekday(value)) is None:
        return None
    closed = [day.capitalize() for day in WEEK
              if days.get(day) == "closed" or day not in days and len(days) >= LISTED_WEEK]
    return " and ".join(_weekdays(day) for day in closed) or None


def _about(subject: str, path: str) -> str:
    """The record's name before a line of its nested fields (``Blue Door Cafe hours Monday: ...``), so that an answer
    sentence that names the record aligns to the line of the fields it restates, not to the line of the name; nothing
    for the top-level line or a record without a name."""
    return f"{subject} " if path and subject != "It" else ""


def _ended(prefix: str, text: str) -> str:
    line = prefix + text
    return line if line.endswith(ENDS_SENTENCE) else f"{line}."


def _subject(value: Any, default: str = "It") -> str:
    """What an object is about, as the subject of its denied fields and nested lines: its name field, else
    ``default``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if field_name(key).lower() in NAME_FIELDS and isinstance(item, str) and item.strip():
                return _scalar(item)
    return default


def readable_context(context: str) -> str | None:
    """The lines of a context that is a JSON object or array (:func:`_flatten`), or None for any other context (left
    as it is)."""
    text = context.strip()
    if not text.startswith(("{", "[")):
        return None
    try:
        value = json.loads(text)
        if not isinstance(value, (dict, list)):
            return None
        lines: list[str] = []
        _flatten(value, "", lines)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads: scored as given
        return None
    return "\n".join(lines) or None
