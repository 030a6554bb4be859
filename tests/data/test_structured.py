"""Structured contexts: a JSON record read as ``key: value.`` lines."""

from __future__ import annotations

import json

import pytest

from halluseq.data.structured import WEEK, readable_context


def test_a_record_reads_as_its_short_fields_on_one_line_and_each_text_on_its_own():
    record = {"name": "The Golden Palace", "price_range": "cheap", "rating": 5.0, "open": True, "near": None,
              "hours": {"Monday": "7-22", "Tuesday": "closed"}, "tags": ["French", "coffee shop"],
              "reviews": [{"stars": 4, "text": "Great coffee!"}, {"stars": 2, "text": "Slow service"}]}
    assert readable_context(json.dumps(record)).split("\n") == [  # a null is a value the record lacks: no denial
        "name: The Golden Palace; price range: cheap; rating: 5.0; open: yes; near: none.",
        "The Golden Palace hours Monday (Mondays): 7-22.", "The Golden Palace: one day a week.",
        "The Golden Palace is closed on Tuesday (Tuesdays).", "The Golden Palace tags: French, coffee shop.",
        "The Golden Palace reviews stars: 4 (4-star rating).", "The Golden Palace reviews text: Great coffee!",
        "The Golden Palace reviews stars: 2 (2-star rating); reviews text: Slow service."]
    assert readable_context('  [{"a": 1}, {"a": 2}] ') == "a: 1.\na: 2."
    camel = {"eatType": "pub", "WheelchairAccessible": True, "BusinessParking": {"lot": True}, "customer rating": 3}
    assert readable_context(json.dumps(camel)).split("\n") == [  # no name: nothing before the nested lines
        "eat type: pub; wheelchair accessible: yes; customer rating: 3.", "business parking lot: yes."]


def test_a_field_that_denies_a_thing_is_a_sentence_that_denies_it_about_the_record():
    record = {"name": "Blue Door Cafe", "city": "Portland", "OutdoorSeating": False, "WiFi": "u'no'",
              "attributes": {"Alcohol": "u'none'", "HasTV": "False", "Caters": "True"}}
    assert readable_context(json.dumps(record)).split("\n") == [
        "name: Blue Door Cafe; city: Portland.",
        "Blue Door Cafe does not have outdoor seating. Blue Door Cafe has no outdoor seating.",
        "Blue Door Cafe does not have WiFi. Blue Door Cafe has no WiFi.",
        "Blue Door Cafe attributes Caters: yes.",
        "Blue Door Cafe does not have Alcohol (attributes). Blue Door Cafe has no Alcohol (attributes).",
        "Blue Door Cafe does not have TV (attributes). Blue Door Cafe has no TV (attributes)."]
    assert readable_context(json.dumps({"WiFi": "no"})) == "It does not have WiFi. It has no WiFi."
    assert readable_context(json.dumps({"product": "X200 Laptop", "touchscreen": False})).split("\n") == [
        "product: X200 Laptop.", "X200 Laptop does not have touchscreen. X200 Laptop has no touchscreen."]


def test_an_item_with_a_name_of_its_own_is_what_its_denied_fields_are_about():
    record = {"name": "Corner Shop", "items": [{"name": "Oat milk", "in_stock": False}, {"price": 3, "vegan": False}]}
    assert readable_context(json.dumps(record)).split("\n") == [
        "name: Corner Shop.", "items name: Oat milk.",
        "Oat milk does not have in stock (items). Oat milk has no in stock (items).",
        "Corner Shop items price: 3.", "Corner Shop does not have vegan (items). Corner Shop has no vegan (items)."]


def test_a_python_literal_in_a_string_reads_as_the_value_it_writes():
    record = {"name": "Lakeside Bikes",
              "BusinessParking": "{'garage': False, 'street': True, 'lot': None}", "Ambience": "{broken"}
    assert readable_context(json.dumps(record)).split("\n") == [
        "name: Lakeside Bikes; Ambience: {broken.",
        "Lakeside Bikes business parking street: yes; business parking lot: none.",
        "Lakeside Bikes does not have garage (business parking). Lakeside Bikes has no garage (business parking)."]


@pytest.mark.parametrize("context", ["The Eiffel Tower is 330 metres tall.", '{"a": 1', "[1, 2", "42", '"text"',
                                     "{}", "[]", "{not json at all}", "", "[" * 5000 + "]" * 5000])
def test_any_other_context_is_left_as_it_is(context):
    assert readable_context(context) is None


def test_clock_times_also_read_as_a_person_writes_them():
    record = {"hours": {"Monday": "7:0-22:0", "Friday": "11:00-23:30", "Sunday": "12:00-0:00", "Tuesday": "9:30"}}
    assert readable_context(json.dumps(record)) == (
        "hours Monday (Mondays): 7:00-22:00 (7 am to 10 pm); hours Friday (Fridays): 11:00-23:30 (11 am to 11:30 pm); "
        "hours Sunday (Sundays): 12:00-0:00 (noon to midnight); hours Tuesday (Tuesdays): 9:30 (9:30 am).\n"
        "It: four days a week.\nIt is closed on Wednesday (Wednesdays) and Thursday (Thursdays) and Saturday "
        "(Saturdays).")


@pytest.mark.parametrize("value", ["2:1", "25:00-26:00", "9:75", "7-22", "closed", "10:00 am"])
def test_a_value_that_is_no_clock_time_is_left_as_written(value):
    assert readable_context(json.dumps({"score": value})) == f"score: {value}."


def test_opening_hours_by_weekday_also_read_as_the_days_a_week_they_count():
    hours = {"Monday": "8:0-15:0", "Friday": "9:0-17:0", "Sunday": "closed"}
    assert readable_context(json.dumps({"name": "X", "hours": hours})).split("\n")[1:] == [
        "X hours Monday (Mondays): 8:00-15:00 (8 am to 3 pm); hours Friday (Fridays): 9:00-17:00 (9 am to 5 pm).",
        "X: two days a week.", "X is closed on Sunday (Sundays)."]  # "closed" beside hours: "opens" an antonym
    assert readable_context(json.dumps({"hours": {"Monday": "8-15"}})).split("\n") == [
        "hours Monday (Mondays): 8-15.", "It: one day a week."]
    assert "a week" not in readable_context(json.dumps({"hours": {"Monday": "8-15", "note": "ask"}}))


def test_the_weekdays_a_long_enough_hours_list_leaves_out_read_as_closed_days():
    hours = {day: "7:0-15:0" for day in ("Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")}
    lines = readable_context(json.dumps({"name": "Rise Bakery", "hours": hours})).split("\n")
    assert lines[2:] == ["Rise Bakery: six days a week.", "Rise Bakery is closed on Monday (Mondays)."]
    three = {"Monday": "8-15", "Friday": "9-17", "Sunday": "9-12"}  # maybe a partial record: nothing read into it
    assert "closed" not in readable_context(json.dumps({"hours": three}))
    assert "closed" not in readable_context(json.dumps({"hours": {day.capitalize(): "9-17" for day in WEEK}}))


def test_a_rating_in_stars_also_reads_as_a_star_rating():
    record = {"name": "Blue Fin Sushi", "business_stars": 4.5, "stars": "3", "customer rating": 5, "stars_note": "4"}
    assert readable_context(json.dumps(record)) == (
        "name: Blue Fin Sushi; business stars: 4.5 (4.5-star rating); stars: 3 (3-star rating); customer rating: 5; "
        "stars note: 4.")


def test_a_region_code_reads_with_its_name_only_in_a_state_or_province_field():
    record = {"city": "Tucson", "state": "AZ", "home_province": "ON", "status": "ON", "grade": "CA"}
    assert readable_context(json.dumps(record)) == (
        "city: Tucson; state: AZ (Arizona); home province: ON (Ontario); status: ON; grade: CA.")


def test_identifier_keys_keep_short_parts_together_and_python_quotes_are_dropped():
    record = {"WiFi": "u'free'", "HasTV": True, "NoiseLevel": "'quiet'", "GoodForKids": "True",
              "Alcohol": "u'beer_and_wine'", "id": "a_1"}
    assert readable_context(json.dumps(record)) == (
        "WiFi: free; has TV: yes; noise level: quiet; good for kids: yes; Alcohol: beer and wine; id: a_1.")
