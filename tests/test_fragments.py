"""Fragment answers: a short answer read within the claim its wh-question makes of it."""

import pytest

from halluseq.data.example import Example
from halluseq.fragments import fragment_answer, is_fragment

TOWER = "The Eiffel Tower was completed in 1889. It is 330 metres tall."


def claim_of(question: str, answer: str, context: str = TOWER):
    found = fragment_answer(Example(id="a", context=context, answer=answer, question=question))
    return None if found is None else (found.claim, found.first)


@pytest.mark.parametrize("question, answer, claim, first", [
    ("When was the Eiffel Tower completed?", "1887.", "the Eiffel Tower completed in 1887", 5),
    ("When was the Eiffel Tower completed?", "In 1887.", "the Eiffel Tower completed in 1887", 4),  # its own "in"
    ("How tall is the tower?", "57 metres.", "the tower is 57 metres tall", 3),
    ("Who designed the tower?", "Gustave Eiffel's firm.", "Gustave Eiffel's firm designed the tower", 0),
    ("What is the capital of France?", "Paris.", "the capital of France is Paris", 5),
    ("How many people does Northwind employ?", "4,200.", "Northwind employ 4,200 people", 2),
    ("How many people live there?", "3 million.", "3 million people live there", 0),
    ("Which company produces ArcGIS?", "Esri.", "Esri produces ArcGIS", 0),
    ("How often is the tower painted?", "Every seven years.", "the tower painted every seven years", 3),
    ("Where was Marie Curie born?", "Warsaw.", "Marie Curie born in Warsaw", 4),
    ("How many people does Northwind employ?", "4,200 people.", "Northwind employ 4,200 people", 2),  # names it
    ("How tall is the tower?", "57 metres tall.", "the tower is 57 metres tall", 3),
])
def test_the_claim_puts_the_answer_where_the_question_asks(question, answer, claim, first):
    assert claim_of(question, answer) == (claim, first)
    assert claim.lower().split()[first:first + len(answer.split())] == answer.lower().rstrip(".").split()


@pytest.mark.parametrize("question, answer", [
    ("Why did it rust?", "Salt air."),  # a reason is a claim of its own
    ("How was the movie?", "Great fun."),  # an opinion
    ("What about the director?", "Chazelle."),
    ("What do you recommend?", "The tower."),  # about the one who answers
    ("Is it tall?", "Very."),  # no wh-question
    ("When was it completed?", "It was completed in 1889."),  # a sentence of its own
    ("How tall is the tower?", "The tower is 57 metres tall."),
    ("When was it completed?", "1889. It took two years."),
    ("Which family does Myrcia crebra belong to?", "Myrcia crebra belongs to the family Myricaceae."),
    ("Who founded Amazon?", "jeff bezos founded the company"),
    ("What do they sell?", "they sell candy."),
    ("Who is the lead singer?", "How about you?"),
    ("When was the tower completed?", "Builders got it done in 1889."),  # an irregular verb after its subject
    ("When did work begin?", "Work began in 1887."),
    ("Who knows?", "Nobody knows."),
    ("When was it completed?", "1887 ."),  # tokenised: the full stop is a word the claim would not hold
    ("Who designed it? When was it completed?", "Eiffel."),  # two questions
    ("When was it completed and how tall is it?", "1889; 330 metres."),  # two questions
    (None, "1887."),
])
def test_no_claim_where_the_answer_says_its_own_or_the_question_asks_no_value(question, answer):
    assert claim_of(question, answer) is None


def test_a_capital_that_only_opens_the_answer_is_lowered_in_the_claim():
    assert claim_of("How many people does it employ?", "Roughly 4,200.")[0] == "it employ roughly 4,200 people"
    assert claim_of("Who makes it?", "Apple.", "It is made by Apple in China.")[0] == "Apple makes it"
    assert claim_of("Who makes it?", "Dyson.")[0] == "Dyson makes it"  # WordNet knows no lower-case "dyson"


def test_is_fragment_counts_words_and_reads_the_question():
    assert is_fragment("Gustave Eiffel's engineering firm.", {"who", "designed", "the", "tower"})
    assert not is_fragment("The tower's engineers.", {"who", "built", "the", "tower"})  # restates "tower"
    assert not is_fragment("one two three four five six seven eight nine", set())


@pytest.mark.parametrize("answer, question, claim", [
    ("Not stated.", "Who makes the X200?", "It is not stated who makes the X200."),
    ("Unknown", "How much does the X200 cost?", "It is not stated how the X200 cost."),  # "much" asks for a value
    ("Unknown.", "How long does charging take?", "It is not stated how charging take."),
    ("Not stated.", "Is it waterproof?", "It is not stated whether it is waterproof."),
    ("Not mentioned in the context.", "Is the X200 waterproof?", "It is not stated whether the X200 waterproof."),
    ("N/A", "When was it released?", "It is not stated when it released."),
    ("Not stated.", None, None),  # no question: nothing to abstain on
    ("Not stated.", "Why is it blue?", None),
    ("Not very heavy.", "How heavy is it?", None),  # no abstention
])
def test_a_terse_abstention_abstains_on_its_question(answer, question, claim):
    found = fragment_answer(Example(id="a", context=TOWER, answer=answer, question=question))
    assert (None if found is None else (found.claim, found.first)) == (None if claim is None else (claim, None))
