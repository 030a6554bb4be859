"""Data-to-text: answers written from a JSON record, right and changed, scored by one detector.

    .venv/bin/python benchmarks/data_to_text.py [--model default] [--label NAME]

Seven records of our own (no dataset holds them), given as JSON the way RAG pipelines and RAGTruth's Data2txt task pass
them: a restaurant in the style of the E2E challenge, a business with opening hours and a review in the style of
RAGTruth's Yelp records, a Yelp-style record as the raw data writes it (``7:0-22:0`` hours, a state code, ``u'free'``)
with answers written the way generators write them (``11 pm``, ``noon``, ``Arizona``, ``WiFi``), a cafe whose attributes
deny things (``false``, ``u'none'``, a parking literal) with answers that deny or claim them, a product record (no Yelp
conventions), a bakery's opening hours as Yelp lists them (open days only), and a whole business with reviews as
RAGTruth's Data2txt passes one, with overviews of it (right, and with several errors). Per answer the score, the
verdict at the detector's threshold and the flagged spans; a readable check, not an evaluation.
Writes ``benchmarks/results/data_to_text_<label>.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from hand_claims import score_cases

ROOT = Path(__file__).resolve().parent.parent
RESTAURANT = json.dumps({"name": "The Golden Palace", "eatType": "coffee shop", "food": "French",
                         "priceRange": "cheap", "customer rating": "5 out of 5", "area": "riverside",
                         "near": "Café Rouge"}, ensure_ascii=False)
BUSINESS = json.dumps({"name": "Lakeside Bikes", "city": "Madison", "state": "WI", "categories": "Bike Repair, Bikes",
                       "business_stars": 4.5, "hours": {"Monday": "10:00-18:00", "Saturday": "9:00-16:00",
                                                        "Sunday": "closed"},
                       "attributes": {"WheelchairAccessible": True, "BusinessParking": {"street": True, "lot": False}},
                       "review_info": [{"review_stars": 5.0, "review_text": "Fixed my flat tire in ten minutes and "
                                        "charged only $8. Friendly staff."}]})
SUSHI = json.dumps({"name": "Blue Fin Sushi", "address": "412 Main St", "city": "Tucson", "state": "AZ", "stars": 4.0,
                    "review_count": 238, "categories": "Sushi Bars, Japanese, Restaurants",
                    "attributes": {"RestaurantsDelivery": "False", "OutdoorSeating": "True", "WiFi": "u'free'"},
                    "hours": {"Monday": "11:0-21:0", "Friday": "11:0-23:0", "Sunday": "12:0-20:0"}})
# attributes that deny a thing, as Yelp writes them (session 47: a denial reads as a sentence that denies it)
CAFE = json.dumps({"name": "Blue Door Cafe", "city": "Portland",
                   "attributes": {"OutdoorSeating": False, "Alcohol": "u'none'", "WiFi": "u'free'",
                                  "BusinessParking": "{'garage': False, 'street': True}"}})
# a product record (no Yelp conventions): fields named by product, a list, a denied feature
LAPTOP = json.dumps({"product": "X200 Laptop", "price_usd": 999, "ram_gb": 16, "ports": ["USB-C", "HDMI"],
                     "touchscreen": False, "weight_kg": 1.3})
# opening hours as Yelp lists them, open days only (session 48: a weekday left out is a day it is closed on)
BAKERY = json.dumps({"name": "Rise Bakery", "city": "Austin", "state": "TX",
                     "hours": {"Tuesday": "7:0-15:0", "Wednesday": "7:0-15:0", "Thursday": "7:0-15:0",
                               "Friday": "7:0-15:0", "Saturday": "8:0-16:0", "Sunday": "8:0-14:0"}})
# a whole Yelp business as RAGTruth's Data2txt passes one (attributes as the raw data writes them), with overviews
YELP = json.dumps({
    "name": "Gubbio's Cafe", "address": "1200 State St", "city": "Santa Barbara", "state": "CA",
    "categories": "Restaurants, Italian, Cafes, Breakfast & Brunch",
    "hours": {"Monday": "8:0-15:0", "Tuesday": "8:0-15:0", "Wednesday": "8:0-15:0", "Thursday": "8:0-21:0",
              "Friday": "8:0-21:0", "Saturday": "9:0-21:0"},
    "attributes": {"BusinessAcceptsCreditCards": "True", "RestaurantsPriceRange2": "2",
                   "BusinessParking": "{'garage': False, 'street': True, 'validated': False, 'lot': False, "
                                      "'valet': False}",
                   "WiFi": "u'no'", "GoodForKids": "True", "RestaurantsReservations": "False",
                   "OutdoorSeating": "True", "RestaurantsDelivery": "False", "Alcohol": "u'beer_and_wine'"},
    "business_stars": 4.0,
    "review_info": [{"review_stars": 5.0, "review_date": "2021-07-10",
                     "review_text": "Best eggs benedict in town. The patio is lovely and the staff are friendly. A bit "
                                    "pricey but worth it."},
                    {"review_stars": 2.0, "review_date": "2021-08-02",
                     "review_text": "We waited 40 minutes for a table and the pasta was cold. Parking on State Street "
                                    "is a pain."}]})
YELP_OVERVIEW = ("Gubbio's Cafe is an Italian cafe on State Street in Santa Barbara, California, serving breakfast and "
                 "brunch. It has a 4.0-star rating. The cafe accepts credit cards, offers outdoor seating, and is good "
                 "for kids. {drinks} Parking is available on the street. {hours} One reviewer praised the eggs "
                 "benedict and the patio, while another complained about a {wait} wait and cold pasta.")
# (context, answer, hallucinated)
CASES = [
    (RESTAURANT, "The Golden Palace is a cheap French coffee shop in the riverside area near Café Rouge, rated 5 out "
                 "of 5.", False),
    (RESTAURANT, "Near Café Rouge by the river, The Golden Palace coffee shop offers cheap French food and top "
                 "ratings.", False),
    (RESTAURANT, "The Golden Palace is an expensive French coffee shop near Café Rouge.", True),
    (RESTAURANT, "The Golden Palace is a cheap Italian coffee shop near Café Rouge.", True),
    (RESTAURANT, "The Golden Palace, a coffee shop near Café Rouge, serves cheap French food and has a customer "
                 "rating of 3 out of 5.", True),
    (RESTAURANT, "The Golden Palace is a cheap French coffee shop in the city centre.", True),
    (RESTAURANT, "The Golden Palace is a cheap French coffee shop near The Rice Boat.", True),
    (BUSINESS, "Lakeside Bikes is a bike repair shop in Madison, WI, rated 4.5 stars. It is closed on Sundays.",
     False),
    (BUSINESS, "Lakeside Bikes opens at 10:00 on Mondays and is wheelchair accessible; parking is on the street.",
     False),
    (BUSINESS, "A reviewer says they fixed a flat tire in ten minutes for only $8.", False),
    (BUSINESS, "Lakeside Bikes is a bike repair shop in Milwaukee, WI, rated 4.5 stars.", True),
    (BUSINESS, "Lakeside Bikes is open on Sundays from 9:00 to 16:00.", True),
    (BUSINESS, "Lakeside Bikes has its own parking lot.", True),
    (BUSINESS, "A reviewer says they fixed a flat tire in ten minutes for only $18.", True),
    (SUSHI, "Blue Fin Sushi is a Japanese sushi bar at 412 Main St in Tucson, Arizona, rated 4 stars across 238 "
            "reviews.", False),
    (SUSHI, "It offers free WiFi and outdoor seating.", False),
    (SUSHI, "On Fridays it is open from 11 am until 11 pm, and on Sundays it opens at noon.", False),
    (SUSHI, "On Mondays Blue Fin Sushi closes at 9 pm.", False),
    (SUSHI, "Blue Fin Sushi is a Japanese sushi bar at 412 Main St in Phoenix, Arizona.", True),
    (SUSHI, "Blue Fin Sushi is a Japanese sushi bar at 412 Main St in Tucson, Nevada.", True),
    (SUSHI, "Blue Fin Sushi is rated 4.5 stars across 238 reviews.", True),
    (SUSHI, "On Fridays it stays open until 1 am.", True),
    (SUSHI, "On Sundays it opens at 10 am.", True),
    (SUSHI, "It offers free WiFi, outdoor seating and delivery.", True),
    (CAFE, "Blue Door Cafe does not have outdoor seating.", False),
    (CAFE, "Blue Door Cafe has no outdoor seating.", False),
    (CAFE, "Blue Door Cafe does not serve alcohol.", False),
    (CAFE, "Blue Door Cafe offers free WiFi and street parking.", False),
    (CAFE, "Blue Door Cafe has outdoor seating.", True),
    (CAFE, "Blue Door Cafe serves beer and wine.", True),
    (CAFE, "Blue Door Cafe has a parking garage.", True),
    (LAPTOP, "The X200 Laptop costs $999 and has 16 GB of RAM, with USB-C and HDMI ports but no touchscreen.", False),
    (LAPTOP, "The X200 Laptop has no touchscreen.", False),
    (LAPTOP, "The X200 Laptop weighs 1.3 kg and does not have a touchscreen.", False),
    (LAPTOP, "The X200 Laptop costs $999 and has 32 GB of RAM, with USB-C and HDMI ports.", True),
    (LAPTOP, "The X200 Laptop has a touchscreen.", True),
    (LAPTOP, "The X200 Laptop has USB-C, HDMI and Thunderbolt ports.", True),
    (BAKERY, "Rise Bakery is closed on Mondays.", False),
    (BAKERY, "Rise Bakery in Austin, Texas, is open six days a week and closed on Mondays.", False),
    (BAKERY, "On Tuesdays Rise Bakery opens at 7 am.", False),
    (BAKERY, "Rise Bakery is closed on Sundays.", True),
    (BAKERY, "Rise Bakery is open on Mondays.", True),
    (BAKERY, "On Mondays Rise Bakery opens at 7 am.", True),
    (YELP, YELP_OVERVIEW.format(
        drinks="It serves beer and wine but does not take reservations or offer delivery, and there is no WiFi.",
        hours="It is open from 8 am to 3 pm Monday through Wednesday, until 9 pm on Thursday and Friday, and from 9 am "
              "to 9 pm on Saturday.", wait="40-minute"), False),
    (YELP, YELP_OVERVIEW.format(drinks="It serves beer and wine and takes reservations, and offers free WiFi.",
                                hours="It is open seven days a week from 8 am.", wait="30-minute"), True),
    (YELP, "Gubbio's Cafe is an Italian cafe in Santa Barbara with a 4.5-star rating. It has a full bar and a private "
           "parking lot.", True),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="default")
    parser.add_argument("--label", help="name of the result file (default: the model's name)")
    args = parser.parse_args()
    label = args.label or Path(args.model).name
    report = {"command": f"python benchmarks/data_to_text.py --model {Path(args.model).name} --label {label}",
              "model": label, **score_cases(args.model, CASES)}
    out = ROOT / "benchmarks" / "results" / f"data_to_text_{label}.json"
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
