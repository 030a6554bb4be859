"""Answers about five short texts of other domains (a medicine leaflet, a tenancy clause, a study abstract, a weather
station's record, a bridge's history): which does a detector flag?

    .venv/bin/python benchmarks/domain_claims.py [--model default] [--label NAME]

Written in session 44 before any change of that session, to try the detector as a new user would on domains and
answer shapes the earlier case sets lack: paraphrased right answers ("younger than 12" for "under 12 years"), two-
and three-sentence summaries with one thing wrong in a later sentence, and errors of modality ("may" for "must"),
comparison ("higher" for "lower"), quantity, role and an added detail. None of these texts is in any training or
evaluation file. Per answer the score, the verdict at the detector's threshold and the flagged spans; a readable
check, not an evaluation. Writes ``benchmarks/results/domain_claims_<label>.json``.
"""

from __future__ import annotations

from hand_claims import cases_main

LEAFLET = ("Dolorex tablets contain 200 mg of ibuprofen. Adults and children over 12 years may take one or two tablets "
           "every four to six hours. Do not take more than six tablets in 24 hours. Dolorex is not suitable for "
           "children under 12 years. Take the tablets with or after food. Do not take Dolorex with aspirin or other "
           "painkillers that contain ibuprofen. Stop taking it and see a doctor if your symptoms last more than three "
           "days.")
TENANCY = ("The rent is 950 euros per month, due on the first day of each month. The tenant pays a deposit equal to "
           "two months' rent before moving in. Either party may end the tenancy with three months' written notice. "
           "Pets are allowed only with the landlord's written consent. The tenant pays for electricity and gas; the "
           "landlord pays for water and building insurance.")
STUDY = ("We followed 1,240 adults aged 40 to 65 in Lyon for five years. Participants who drank three or more cups of "
         "coffee a day had a 12% lower risk of type 2 diabetes than those who drank none. Because the study was "
         "observational, it cannot show that coffee causes the lower risk. The study was funded by the French "
         "National Research Agency.")
STATION = ("The Tromso weather station recorded a mean January temperature of -4.3 C and a mean July temperature of "
           "12.1 C between 1991 and 2020. Annual precipitation averaged 1,031 mm, and October was the wettest month. "
           "Snow covered the ground on an average of 177 days a year.")
BRIDGE = ("Construction of the Halden Bridge began in 1932 and the bridge opened to traffic in 1937. It was designed "
          "by the engineer Karin Strand and built by the firm Nordbygg. The bridge is 2.7 kilometres long and carries "
          "four lanes of traffic. A toll was charged until 1961, when the county paid off the construction loan.")
# (context, answer, hallucinated)
CASES = [
    (LEAFLET, "Each Dolorex tablet contains 200 mg of ibuprofen.", False),
    (LEAFLET, "Each Dolorex tablet contains 400 mg of ibuprofen.", True),
    (LEAFLET, "Children younger than 12 should not take Dolorex.", False),
    (LEAFLET, "Dolorex is suitable for children under 12 years.", True),
    (LEAFLET, "You can take up to eight tablets in 24 hours.", True),
    (LEAFLET, "Take no more than six tablets a day, with or after food.", False),
    (LEAFLET, "Dolorex can be taken together with aspirin.", True),
    (LEAFLET, "Adults may take one or two tablets every four to six hours. Take them on an empty stomach.", True),
    (LEAFLET, "See a doctor if your symptoms last more than a week.", True),
    (TENANCY, "The monthly rent is 950 euros, due on the first of the month.", False),
    (TENANCY, "The monthly rent is 950 euros, due on the fifteenth of the month.", True),
    (TENANCY, "The deposit is two months' rent.", False),
    (TENANCY, "The deposit is three months' rent.", True),
    (TENANCY, "Either side can end the tenancy with three months' written notice.", False),
    (TENANCY, "Only the landlord can end the tenancy, with three months' written notice.", True),
    (TENANCY, "Pets are allowed without the landlord's consent.", True),
    (TENANCY, "The landlord pays for water and building insurance, and the tenant pays for electricity and gas.",
     False),
    (TENANCY, "The landlord pays for electricity and gas.", True),
    (STUDY, "The study followed 1,240 adults in Lyon for five years.", False),
    (STUDY, "The study followed 1,240 adults in Paris for five years.", True),
    (STUDY, "People who drank three or more cups of coffee a day had a 12% lower risk of type 2 diabetes.", False),
    (STUDY, "People who drank three or more cups of coffee a day had a 12% higher risk of type 2 diabetes.", True),
    (STUDY, "The study shows that coffee causes a lower risk of diabetes.", True),
    (STUDY, "The study cannot show that coffee causes the lower risk, because it was observational.", False),
    (STUDY, "Researchers followed 1,240 adults for five years. The study was funded by a coffee company.", True),
    (STATION, "Tromso's mean January temperature was -4.3 C over 1991-2020.", False),
    (STATION, "Tromso's mean July temperature was 21.1 C over 1991-2020.", True),
    (STATION, "October was the wettest month, with annual precipitation averaging 1,031 mm.", False),
    (STATION, "August was the wettest month at the Tromso station.", True),
    (STATION, "Snow covered the ground on about 177 days a year.", False),
    (STATION, "Snow covered the ground on about 77 days a year.", True),
    (BRIDGE, "The Halden Bridge opened in 1937, five years after construction began.", False),
    (BRIDGE, "The Halden Bridge opened in 1932, after five years of construction.", True),
    (BRIDGE, "The bridge was designed by Karin Strand and built by Nordbygg.", False),
    (BRIDGE, "The bridge was designed by Nordbygg and built by Karin Strand.", True),
    (BRIDGE, "The bridge is 2.7 kilometres long. It carries six lanes of traffic.", True),
    (BRIDGE, "Tolls were charged until 1961, when the county paid off the loan.", False),
    (BRIDGE, "Tolls are still charged on the bridge today.", True),
]


def main() -> None:
    cases_main("domain_claims", __doc__, CASES)


if __name__ == "__main__":
    main()
