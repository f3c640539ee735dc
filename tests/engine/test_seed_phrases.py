"""A wallet's seed (recovery) phrase is twelve to twenty-four plain words: whoever reads it owns the
wallet. Said in a turn that names it ("my Ledger's backup words, in order: ..."), it is redacted
before anything is written, however the sentence around it runs; runs of words that no seed,
recovery, mnemonic or wallet words name stay as they were."""
from __future__ import annotations

import pytest

from engine.redaction import redact
from tests.conftest import engine_after

TWELVE = "harbor quiet tulip canvas ember glide notch pillow saddle vivid walnut fossil"
TWENTY_FOUR = TWELVE + " " + "orchid maple cobalt ridge summit lagoon parrot silk meadow plank turtle zebra"
NUMBERED = "\n".join(f"{i}) {w}" for i, w in enumerate(TWELVE.split(), 1))


@pytest.mark.parametrize("said", [
    f"Jotting this here so it's somewhere: my crypto wallet's recovery words are {TWELVE}",
    f"mnemonic for the cold storage: {TWENTY_FOUR}",
    f"The backup phrase the Trezor showed me when I set it up -- {TWELVE}. Is that safe to keep in notes?",
    f"These restore my exchange account if the phone dies:\n{NUMBERED}",
    f"{TWELVE.replace(' ', ', ')}: those are the seed words for the metamask, in order",
    f"ok so the wallet app asked me to write down 12 words and here they are {TWELVE} and then it asked me to confirm them",
    # all capitals, a number after the label, slashes between the words
    "MNEMONIC = " + TWELVE.upper(),
    f"seed words 12: {TWELVE}",
    "recovery phrase - " + " / ".join(TWELVE.split()),
    # named by the wallet's maker or coin only; a word of the phrase list that is also a word of talk;
    # one word more than a phrase beside its label; Windows line breaks; semicolons
    f"My bitcoin words are {TWELVE}, keep them safe for me.",
    f"For my Metamask the phrase is {TWELVE}.",
    f"my btc words are {TWELVE}",
    "Here's my mnemonic so I have it somewhere: " + TWELVE.replace("ember", "can"),
    f"Wallet seed words below\n{TWENTY_FOUR}",
    "here is my mnemonic\r\n" + "\r\n".join(TWELVE.split()),
    "mnemonic: " + "; ".join(TWELVE.split()),
    # bullets, blank lines between, "(1)" and "1 -" numbering, a full stop after each, one hyphenated chain
    "seed phrase:\n" + "\n".join("- " + w for w in TWELVE.split()),
    "recovery words\n\n" + "\n\n".join(TWELVE.split()),
    "mnemonic: " + " ".join(f"({i}) {w}" for i, w in enumerate(TWELVE.split(), 1)),
    "mnemonic: " + " ".join(f"{i} - {w}" for i, w in enumerate(TWELVE.split(), 1)),
    "seed phrase:\n" + "\n".join(f"{i}. {w}." for i, w in enumerate(TWELVE.split(), 1)),
    "wallet seed: " + "-".join(TWELVE.split()),
])
def test_a_seed_phrase_is_redacted(said):
    clean, kinds = redact(said)
    assert "recovery_code" in kinds, clean
    for word in ("tulip", "saddle", "fossil"):
        assert word not in clean, clean


@pytest.mark.parametrize("said", [
    "Seed order for spring: tomato pepper chilli aubergine courgette squash pumpkin melon cucumber basil parsley dill",
    "My wallet has nothing in it but receipts, a library card, a bus pass and two old photos of the kids",
    "backup singers we auditioned: Maria Ana Lucia Teresa Paula Rosa Elena Carmen Isabel Julia Clara Sofia",
    "Spelling words for this week: because friend people would could should their there where were which while",
    "Recovery after surgery went fine, the nurse said to walk a bit every day and keep the wound dry",
    "my recovery after the op has been slow, physio says walk stretch rest sleep eat drink swim breathe relax repeat daily",
    "the recovery plan: walk stretch rest sleep eat drink swim breathe relax repeat daily calm",
    "My recovery plan after knee surgery, with a backup if physio is cancelled: rest ice compress elevate stretch "
    "walk swim cycle sleep hydrate eat smile",
    "Bought seed packets with the gift card in my wallet: sunflower cosmos poppy lupin aster dahlia zinnia marigold "
    "nasturtium lavender thyme basil",
    "Things to bring for the accountant, the ledger and a backup drive: receipts invoices statements payslips pensions "
    "mortgage insurance council water energy phone broadband",
    "For the spelling bee my backup list, one phrase at a time: because friend weird rhythm separate necessary "
    "embarrass occur receive believe calendar library",
])
def test_runs_of_words_no_seed_names_stay(said):
    assert redact(said) == (said, [])


def test_a_seed_phrase_never_reaches_a_record(tmp_path):
    said = (f"Treasurer of the allotment society now, and we hold a bit of bitcoin from a donor. Writing the "
            f"wallet's recovery phrase here so I don't lose it: {TWELVE}")
    with engine_after(tmp_path, [said], "Ines", "2026-05-04", 1) as engine:
        texts = [r.text for r in engine.records("t", "u", include_inactive=True)]
    assert texts, "the rest of the turn is still kept"
    assert not any(w in t for t in texts for w in ("tulip", "saddle", "fossil")), texts
