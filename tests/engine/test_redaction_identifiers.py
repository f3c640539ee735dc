"""Credentials said in plain words, bank and national identifiers and phone numbers are redacted;
ordinary numbers, dates, times, prices, references and talk about codes are left alone.

Every value below is invented for these tests. Where a validator checks a number (IBANs, routing
numbers, national ids), its check digits are computed here at run time with python-stdnum, so the
file holds no literal account or identity number.
"""
from __future__ import annotations

import pytest
from stdnum import iban as stdnum_iban
from stdnum import luhn, verhoeff
from stdnum.us import rtn as stdnum_rtn

from conftest import make_turn
from engine.guard import redact_speaker
from engine.redaction import REDACTION_MARK, find_secrets, redact


# ---- invented values with valid check digits --------------------------------------------------------

def _iban(country: str, bban: str) -> str:
    return country + stdnum_iban.calc_check_digits(country + "00" + bban) + bban


def _routing(first8: str) -> str:
    return first8 + stdnum_rtn.calc_check_digit(first8)


def _bsn(first8: str) -> str:
    check = sum((9 - i) * int(d) for i, d in enumerate(first8)) % 11
    assert check < 10, "pick other digits: this prefix has no BSN check digit"
    return first8 + str(check)


def _dni(digits: str) -> str:
    return digits + "TRWAGMYFPDXBNJZSQVHLCKE"[int(digits) % 23]


def _nir(first13: str) -> str:
    return first13 + "%02d" % (97 - int(first13) % 97)


IBAN_DE = _iban("DE", "37040044" + "0532981746")
IBAN_GB = _iban("GB", "MIDL" + "400515" + "88216347")
IBAN_NL = _iban("NL", "RABO" + "0318274659")
IBAN_BAD = IBAN_DE[:2] + ("00" if IBAN_DE[2:4] != "00" else "01") + IBAN_DE[4:]  # wrong check digits
IBAN_ES = _iban("ES", "2085" + "4103" + "27" + "6184092351")
IBAN_ES_BAD = IBAN_ES[:2] + ("00" if IBAN_ES[2:4] != "00" else "01") + IBAN_ES[4:]
IBAN_NL_BAD = IBAN_NL[:2] + ("00" if IBAN_NL[2:4] != "00" else "01") + IBAN_NL[4:]
ROUTING = _routing("26407113")
ROUTING_2 = _routing("07381520")
ROUTING_BAD = ROUTING[:-1] + str((int(ROUTING[-1]) + 1) % 10)
AADHAAR = "4829173650" + "1" + verhoeff.calc_check_digit("48291736501")
SIN = "61928374" + luhn.calc_check_digit("61928374")
BSN = _bsn("27381945")
BSN_BAD = BSN[:-1] + str((int(BSN[-1]) + 1) % 10)
DNI = _dni("54362315")
NIR = _nir("1850778034512")
PERSONNUMMER = "850709-980" + luhn.calc_check_digit("850709980")


def test_invented_values_are_valid_for_their_validators():
    from stdnum import iban
    from stdnum.ca import sin
    from stdnum.es import dni
    from stdnum.fr import nir
    from stdnum.in_ import aadhaar
    from stdnum.nl import bsn
    from stdnum.se import personnummer
    from stdnum.us import rtn

    assert iban.is_valid(IBAN_DE) and iban.is_valid(IBAN_GB) and iban.is_valid(IBAN_NL)
    assert not iban.is_valid(IBAN_BAD)
    assert rtn.is_valid(ROUTING) and rtn.is_valid(ROUTING_2) and not rtn.is_valid(ROUTING_BAD)
    assert aadhaar.is_valid(AADHAAR) and sin.is_valid(SIN) and bsn.is_valid(BSN) and not bsn.is_valid(BSN_BAD)
    assert dni.is_valid(DNI) and nir.is_valid(NIR) and personnummer.is_valid(PERSONNUMMER)


def _spaced(iban: str) -> str:
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def assert_redacted(text: str, secrets: list[str], kind: str) -> str:
    clean, kinds = redact(text)
    for secret in secrets:
        assert secret not in clean, (text, clean)
    assert f"{REDACTION_MARK}{kind}]" in clean, (text, clean, kinds)
    assert kind in kinds
    assert redact(clean) == (clean, [])  # idempotent
    return clean


def assert_untouched(text: str) -> None:
    assert redact(text) == (text, []), redact(text)


# ---- credentials named with other nouns -------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("the pass is fjord-pepper-17", "the pass is [REDACTED:password]"),
    ("The pass is amber-falcon-river, don't share it.", "The pass is [REDACTED:password], don't share it."),
    ("pass: Quartz#2291", "pass: [REDACTED:password]"),
    ("ok the pass is 7Tulip!x for the staff portal", "ok the pass is [REDACTED:password] for the staff portal"),
])
def test_the_pass_is_a_password(text, expected):
    assert redact(text) == (expected, ["password"])


@pytest.mark.parametrize(("text", "expected"), [
    ("the wifi code is meadow-lark-44", "the wifi code is [REDACTED:password]"),
    ("Wi-Fi code: Orchid7734 (the guest one is different)",
     "Wi-Fi code: [REDACTED:password] (the guest one is different)"),
    ("the wifi code is sunflower", "the wifi code is [REDACTED:password]"),
    ("our wifi key is cobalt-heron-90.", "our wifi key is [REDACTED:password]."),
])
def test_wifi_codes_are_redacted(text, expected):
    assert redact(text) == (expected, ["password"])


@pytest.mark.parametrize(("text", "expected"), [
    ("door code: 4471", "door code: [REDACTED:access_code]"),
    ("the gate code is 0912#", "the gate code is [REDACTED:access_code]"),
    ("The alarm code is 2-4-6-8, disarm it first.", "The alarm code is [REDACTED:access_code], disarm it first."),
    ("front door code is 83190 and the buzzer is broken",
     "front door code is [REDACTED:access_code] and the buzzer is broken"),
    ("the keypad code for the garden shed is 5820",
     "the keypad code for the garden shed is [REDACTED:access_code]"),
    ("your verification code is 482913", "your verification code is [REDACTED:access_code]"),
])
def test_door_gate_and_alarm_codes_are_redacted(text, expected):
    assert redact(text) == (expected, ["access_code"])


@pytest.mark.parametrize(("text", "expected"), [
    ("my locker combination is 12-34-08", "my locker combination is [REDACTED:access_code]"),
    ("The combination is 31-07-22 for the safe.", "The combination is [REDACTED:access_code] for the safe."),
    ("bike lock combination: 9045", "bike lock combination: [REDACTED:access_code]"),
])
def test_lock_combinations_are_redacted(text, expected):
    assert redact(text) == (expected, ["access_code"])


@pytest.mark.parametrize(("text", "expected"), [
    ("garage PIN is 5531", "garage PIN is [REDACTED:pin]"),
    ("the PIN for the storage unit is 90817", "the PIN for the storage unit is [REDACTED:pin]"),
    ("Card PIN: 6604, don't tell anyone", "Card PIN: [REDACTED:pin], don't tell anyone"),
])
def test_pins_named_with_other_nouns_are_redacted(text, expected):
    assert redact(text) == (expected, ["pin"])


@pytest.mark.parametrize(("text", "expected"), [
    ("my passcode is 662911", "my passcode is [REDACTED:password]"),
    ("the iPad passcode is 140377.", "the iPad passcode is [REDACTED:password]."),
    ("Phone pass code: 0426", "Phone pass code: [REDACTED:password]"),
])
def test_passcodes_are_redacted(text, expected):
    assert redact(text) == (expected, ["password"])


@pytest.mark.parametrize(("text", "value", "kind"), [
    ("The PIN the bank mailed me is 30417, ugh", "30417", "pin"),
    ("the pin number my aunt set up was 228104.", "228104", "pin"),
    ("The gate code our landlord texted is 7731#.", "7731#", "access_code"),
    ("the alarm code the installer left us is 0-6-4-4", "0-6-4-4", "access_code"),
    ("My phone passcode that I finally changed is 906512", "906512", "password"),
    ("the password I picked for the router is Tulip-77", "Tulip-77", "password"),
])
def test_a_credential_with_a_clause_before_its_value_is_redacted(text, value, kind):
    redacted, kinds = redact(text)
    assert value not in redacted and kinds == [kind]


@pytest.mark.parametrize(("text", "value", "kind"), [
    ("combo's 71-03-22, my brother chose it", "71-03-22", "access_code"),
    ("The shed padlock combo is 4096", "4096", "access_code"),
    ("The locker combination the coach gave me is 8-15-27", "8-15-27", "access_code"),
    ("The router passphrase there is marble fox under rain, no caps.", "marble fox under rain", "password"),
    ("The passphrase my team uses is seven quiet lanterns.", "seven quiet lanterns", "password"),
])
def test_combos_and_passphrases_said_in_other_words_are_redacted(text, value, kind):
    redacted, kinds = redact(text)
    assert value not in redacted and not any(w in redacted.split() for w in value.split() if len(w) > 3)
    assert kinds == [kind]


@pytest.mark.parametrize(("text", "value"), [
    ("My neighbour says the code for the garage door is 55190, and guests park on the street", "55190"),
    ("Apparently the code for the bin shed is 61734, and the bins go out on Mondays", "61734"),
    ("The code to the bike locker in the basement is 3308.", "3308"),
    ("code for our building's front entrance: 41-22-90", "41-22-90"),
])
def test_a_code_named_by_what_it_opens_after_it_is_redacted(text, value):
    redacted, kinds = redact(text)
    assert value not in redacted and kinds == ["access_code"]


@pytest.mark.parametrize(("text", "codes"), [
    ("recovery codes: abcd-efgh-1234 ijkl-mnop-5678", ["abcd-efgh-1234", "ijkl-mnop-5678"]),
    ("My backup codes are 4821 9930, 1182 7734 and 5520 1193.", ["4821 9930", "1182 7734", "5520 1193"]),
    ("Backup codes:\n1837 2209\n5561 0092\n7730 4418\nkeep them safe", ["1837 2209", "5561 0092", "7730 4418"]),
    ("the 2FA recovery code is K7QX-M2PD-88RT", ["K7QX-M2PD-88RT"]),
])
def test_recovery_and_backup_codes_are_redacted_as_a_list(text, codes):
    clean = assert_redacted(text, codes, "recovery_code")
    assert redact(text)[1] == ["recovery_code"]
    assert clean.split(REDACTION_MARK)[0] == text.split(codes[0])[0]  # the words before stay
    if "keep them safe" in text:
        assert clean.endswith("\nkeep them safe")


@pytest.mark.parametrize(("text", "expected"), [
    ("the passphrase is correct horse battery staple", "the passphrase is [REDACTED:password]"),
    ("The passphrase is violet anchor drifting softly over grey harbour waters, remember that.",
     "The passphrase is [REDACTED:password], remember that."),
    ("my pass phrase is seven quiet otters dancing", "my pass phrase is [REDACTED:password]"),
    ("Passphrase: marble tiger sings loudly; the hint is in the notebook.",
     "Passphrase: [REDACTED:password]; the hint is in the notebook."),
])
def test_a_passphrase_is_redacted_whole_up_to_the_clause_end(text, expected):
    assert redact(text) == (expected, ["password"])


@pytest.mark.parametrize(("text", "words"), [
    ("My seed phrase is apple brave cattle drum eagle fable giant harbor island jungle kettle lemon.",
     ["apple", "jungle", "lemon"]),
    ("recovery phrase: orbit velvet candle monk pilot sugar", ["orbit", "sugar"]),
    ("the backup words are tundra ember violin cactus", ["tundra", "cactus"]),
])
def test_seed_phrases_are_redacted(text, words):
    assert_redacted(text, words, "recovery_code")


@pytest.mark.parametrize(("text", "expected"), [
    ("My security answer is Maple Street.", "My security answer is [REDACTED:password]."),
    ("the security answer is Biscuit", "the security answer is [REDACTED:password]"),
    ("Security answer: grandmas blue teapot", "Security answer: [REDACTED:password]"),
    ("the answer to my security question is Ravenwood, like the school",
     "the answer to my security question is [REDACTED:password], like the school"),
])
def test_security_answers_are_redacted(text, expected):
    assert redact(text) == (expected, ["password"])


# ---- passwords spelled out, values that come back later in the turn ---------------------------------

@pytest.mark.parametrize(("text", "pieces"), [
    ("the new password is capital W, then walrus, then four seven. So Walrus47",
     ["Walrus47", "walrus", "four seven"]),
    ("My password is K as in kilo, then estrel, then 55. That gives Kestrel55.", ["Kestrel55", "estrel"]),
    ("OK so it's capital T, then tangerine, then one nine for the password. So Tangerine19, got it?",
     ["Tangerine19"]),
    ("Heron63 is what I set: the wifi password is capital H, then heron, then six three.",
     ["Heron63", "then heron, then six three"]),
])
def test_a_spelled_out_password_is_redacted_wherever_it_stands(text, pieces):
    clean = assert_redacted(text, pieces, "password")
    assert set(redact(text)[1]) == {"password"}
    assert clean.count(REDACTION_MARK) >= 1


@pytest.mark.parametrize(("text", "value", "kind"), [
    ("my password is Larch81 and I typed Larch81 twice", "Larch81", "password"),
    ("door code: 4471, remember 4471 not 4417", "4471", "access_code"),
    ("The pass is cobalt-ember-31. Again: cobalt-ember-31.", "cobalt-ember-31", "password"),
])
def test_a_disclosed_value_is_redacted_again_wherever_it_repeats(text, value, kind):
    clean, kinds = redact(text)
    assert value not in clean
    assert kinds == [kind, kind]


@pytest.mark.parametrize(("text", "value"), [
    ("Fjord42 is my new password.", "Fjord42"),
    ("Maple!Leaf - that's the password for the shared drive", "Maple!Leaf"),
    ("I set 8ravenCliff as my wifi password", "8ravenCliff"),
])
def test_a_value_said_before_the_word_password_is_redacted(text, value):
    assert_redacted(text, [value], "password")


@pytest.mark.parametrize("text", [
    "the code is broken",
    "The code is broken again after the merge, can you look?",
    "the pass is expired",
    "the pass is expired, I need a new one",
    "the PIN is on the back of the card",
    "the password is too weak",
    "The password is too weak, it needs a capital letter and a number.",
    "the door code is the same as before",
    "the door code is 4 digits long",
    "The wifi code is on the router.",
    "The wifi code is printed on the sticker.",
    "The wifi key is WPA2 protected.",
    "the boarding pass is 12B",
    "The mountain pass is 2100 feet high.",
    "All tests pass: 120/130 green.",
    "I'll pass, thanks.",
    "The backup codes are in my drawer.",
    "The recovery codes are printed on a card in the safe.",
    "the passphrase is too long to remember",
    "The passphrase is stored in the vault.",
    "The passphrase is the same as before.",
    "The security answer is wrong.",
    "the security answer is case sensitive",
    "My recovery phrase is stored offline.",
    "The status code is 404 and the error code is 500.",
    "The zip code is 94110 and the area code is 415.",
    "The source code is 2000 lines long.",
    "the combination is what matters here",
    "Bitwarden is my password manager.",
    "This is my password manager.",
    "The zip code they gave me is 90210.",
    "The PIN the bank posted to me is in a sealed envelope.",
    "the password I use is too long to remember",
    "The code for the project is 4000 lines long.",
    "The code for the new checkout page is ready for review.",
    "The PIN pad at the store was broken.",
    "The door code they changed last week is 4 digits long.",
    "What a combo of flavours that was.",
    "Our lunch combo is 3 tacos and a drink.",
    "The passphrase we use is too long to type.",
])
def test_talk_about_codes_and_passwords_is_untouched(text):
    assert_untouched(text)


# ---- bank identifiers -------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    (f"my IBAN is {IBAN_DE}", IBAN_DE),
    (f"send it to {_spaced(IBAN_GB)} please", _spaced(IBAN_GB)),
    (f"IBAN: {_spaced(IBAN_NL).lower()}", _spaced(IBAN_NL).lower()),
    (f"Pay {IBAN_NL} before Friday.", IBAN_NL),
])
def test_ibans_are_redacted(text, value):
    clean = assert_redacted(text, [value, value.replace(" ", "")[4:]], "iban")
    assert redact(text)[1] == ["iban"]
    assert clean.replace("[REDACTED:iban]", value) == text


@pytest.mark.parametrize(("text", "value"), [
    (f"the IBAN {_spaced(IBAN_BAD)} bounced", _spaced(IBAN_BAD)),
    (f"deposit by bank transfer to {_spaced(IBAN_ES_BAD)} before the 1st", _spaced(IBAN_ES_BAD)),
    (f"pay {IBAN_NL_BAD} when you can", IBAN_NL_BAD),
])
def test_an_iban_with_wrong_check_digits_is_redacted_too(text, value):
    """Mistyped, or made up for an example: the account number in it is still the user's."""
    assert_redacted(text, [value, value.replace(" ", "")[4:]], "iban")
    assert not stdnum_iban.is_valid(value)


@pytest.mark.parametrize(("text", "value"), [
    ("account number 48291736", "48291736"),
    ("My account no. is 0048 2917 36, thanks.", "0048 2917 36"),
    ("checking account #: 003187254619", "003187254619"),
    ("the savings account is 77310428", "77310428"),
])
def test_bank_account_numbers_introduced_by_words_are_redacted(text, value):
    assert redact(text) == (text.replace(value, "[REDACTED:bank_account]"), ["bank_account"])


@pytest.mark.parametrize(("text", "value"), [
    (f"the routing number is {ROUTING}", ROUTING),
    (f"ABA {ROUTING_2}, account number 5513027741", ROUTING_2),
    (f"Routing #: {ROUTING} (checking)", ROUTING),
    ("sort code 40-47-84 and account number 31926819", "40-47-84"),
    ("our sort code is 20 45 77", "20 45 77"),
    ("Sort code: 309634, then the account", "309634"),
    ("BSB 062-914 for the Sydney branch", "062-914"),
])
def test_routing_numbers_and_sort_codes_are_redacted(text, value):
    assert_redacted(text, [value], "routing_number")


@pytest.mark.parametrize(("text", "value"), [
    ("SWIFT code DEUTDEFF", "DEUTDEFF"),
    ("the BIC is NWBKGB2L.", "NWBKGB2L"),
    ("SWIFT/BIC: BNPAFRPPXXX for the transfer", "BNPAFRPPXXX"),
])
def test_swift_bic_codes_introduced_by_words_are_redacted(text, value):
    assert redact(text) == (text.replace(value, "[REDACTED:routing_number]"), ["routing_number"])


@pytest.mark.parametrize("text", [
    "Part number AB12 3456 7890 1234 fits the older model",  # no IBAN country
    "order ref GB12 3456 in the email",  # too short for a British IBAN
    f"routing number {ROUTING_BAD}",  # fails the ABA checksum
    "the routing number is unknown",
    "the account number is on the statement",
    "account number 7 in the list",
    "my savings account has 5000 dollars in it",
    "SWIFT code is required for international transfers",
    "Taylor Swift played 3 nights in a row",
    "The BIC pen costs 2 dollars.",
    "sort code please, and the account number",
])
def test_things_that_are_not_bank_identifiers_are_untouched(text):
    assert_untouched(text)


# ---- national ids and passports ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("my SSN is 512-73-4408", "512-73-4408"),
    ("SSN 401-22-9815 on the form", "401-22-9815"),
    ("it was 672-10-3344, written on the back", "672-10-3344"),
    ("social security number: 401 22 9815", "401 22 9815"),
    ("my social security number is 512734408.", "512734408"),
    ("Social Security No. 672 10 3344 (mine)", "672 10 3344"),
])
def test_us_social_security_numbers_are_redacted(text, value):
    assert redact(text) == (text.replace(value, "[REDACTED:national_id]"), ["national_id"])


@pytest.mark.parametrize(("text", "value"), [
    ("passport number 548203917", "548203917"),
    ("My passport no. is K8305712 and it expires in 2031.", "K8305712"),
    ("Passport #: X40718325", "X40718325"),
])
def test_passport_numbers_introduced_by_words_are_redacted(text, value):
    assert redact(text) == (text.replace(value, "[REDACTED:passport_number]"), ["passport_number"])


@pytest.mark.parametrize(("text", "value"), [
    (f"BSN {BSN}", BSN),
    (f"my burgerservicenummer is {BSN}.", BSN),
    (f"my Aadhaar is {AADHAAR[:4]} {AADHAAR[4:8]} {AADHAAR[8:]}", f"{AADHAAR[:4]} {AADHAAR[4:8]} {AADHAAR[8:]}"),
    (f"SIN: {SIN[:3]} {SIN[3:6]} {SIN[6:]}", f"{SIN[:3]} {SIN[3:6]} {SIN[6:]}"),
    (f"DNI {DNI} para el contrato", DNI),
    (f"personnummer {PERSONNUMMER}", PERSONNUMMER),
    (f"my NIR is {NIR}", NIR),
    ("my NI number is JT 48 27 19 B", "JT 48 27 19 B"),
    ("National Insurance number: JT482719B", "JT482719B"),
    ("national id number 7403 1128 5521", "7403 1128 5521"),
    ("my tax id is 12-7740318", "12-7740318"),
    ("driver's license number D4410-72215", "D4410-72215"),
])
def test_national_ids_introduced_by_words_are_redacted(text, value):
    assert redact(text) == (text.replace(value, "[REDACTED:national_id]"), ["national_id"])


@pytest.mark.parametrize(("text", "value"), [
    ("my SSN is 000-12-3456", "000-12-3456"),
    ("social security number: 666-40-1187 (the card is in my wallet)", "666-40-1187"),
    ("her social security no. is 912 45 6789", "912 45 6789"),
    # an identifier of the right shape whose check digit is wrong: a slip, or made up
    (f"BSN {BSN_BAD}", BSN_BAD),
])
def test_a_social_security_number_never_issued_is_redacted_when_said_as_one(text, value):
    """Said as one, it is written as the user's own, whether the SSA would issue it or not, and
    whether its check digit is right or not."""
    assert_redacted(text, [value], "national_id")


@pytest.mark.parametrize("text", [
    "call 666-12-3456",  # no SSN has area 666, and nothing says it is one
    "ref 912-45-6789",  # nor 9xx
    f"BSN {BSN_BAD}00",  # two digits too many for a BSN
    "my passport is in the drawer",
    "Passing passport control took 2 hours.",
    "the passport number is on page 2",
    "the tax id field is required",
    "national id cards were introduced in 1987",
    "SIN is a trig function: sin(30) = 0.5",
    "The PAN is charged 40 dollars a month.",
    "I got my driver's license in 2009 at 17.",
])
def test_things_that_are_not_national_ids_are_untouched(text):
    assert_untouched(text)


# ---- phone numbers ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("call me at (312) 814-2290", "(312) 814-2290"),
    ("Text 312.814.2290 or email me.", "312.814.2290"),
    ("my number is 312 814 2290", "312 814 2290"),
    ("He called from +1 312 814 2290 yesterday.", "+1 312 814 2290"),
    ("my cell is +33 6 12 34 56 78.", "+33 6 12 34 56 78"),
    ("ring +44 7911 123456 tonight", "+44 7911 123456"),
    ("reach me on +91 98765 43210", "+91 98765 43210"),
    ("Office: +49 30 22617734, ask for Jana", "+49 30 22617734"),
])
def test_phone_numbers_are_redacted(text, value):
    assert redact(text) == (text.replace(value, "[REDACTED:phone_number]"), ["phone_number"])


@pytest.mark.parametrize("text", [
    "we moved here in 1987 and left in 2019",
    "it was $1,299 in 2019, now it's $3,128,142.29",
    "the shop opens 09:00-12:00 on Saturdays",
    "the meeting is 10:00-11:30 tomorrow, room 4127",
    "order 7719-204 arrived damaged",
    "order 3128142290 shipped",
    "my ticket CS-40219 is still open",
    "version 10.2.3045.1 shipped on 2024-11-05",
    "Use pip install numpy==1.26.4 and python 3.11.7",
    "between 2019-2023 and 2024-2025 revenue doubled",
    "coordinates 41.8781, -87.6298",
    "we sold 3128142290 units",
    "we grew from 1200 to 3400 people, +18% this year",
    "Score was 3-1, +2 goal difference",
    "ISBN 0-306-40615-2 is the old edition",
    "flight UA 1532 departs 2024-06-01 07:45, gate 12",
    "timestamp 1700000000 in the logs",
    "call 555-0142 for the demo line",  # seven digits and no +: not enough to be sure
])
def test_numbers_that_are_not_phone_numbers_are_untouched(text):
    assert_untouched(text)


@pytest.mark.parametrize("text", [
    "call me at 4155551234",
    "the demo line is (312) 555-0143",
    "my number is +44 20 7946 0123",
    "try +44 7700 900461 after six",
])
def test_numbers_reserved_for_fiction_are_nobodys_and_stay(text):
    # NANP 555 numbers and Ofcom's drama ranges are not assigned to anyone (tests/engine/test_redaction.py
    # keeps such numbers in its ordinary conversation).
    assert_untouched(text)


def test_many_identifiers_in_one_turn_are_all_redacted_in_order():
    text = (f"Wire it to {IBAN_DE} (routing number {ROUTING}), my SSN is 512-73-4408, "
            f"call +44 7911 123456 and the door code is 4471.")
    clean, kinds = redact(text)
    assert kinds == ["iban", "routing_number", "national_id", "phone_number", "access_code"]
    assert clean == ("Wire it to [REDACTED:iban] (routing number [REDACTED:routing_number]), my SSN is "
                     "[REDACTED:national_id], call [REDACTED:phone_number] and the door code is "
                     "[REDACTED:access_code].")
    assert redact(clean) == (clean, [])
    assert [text[r.start:r.end] for r in find_secrets(text)] == [IBAN_DE, ROUTING, "512-73-4408",
                                                                  "+44 7911 123456", "4471"]


# ---- the speaker field ------------------------------------------------------------------------------

@pytest.mark.parametrize(("speaker", "expected", "kinds"), [
    ("Priya", "Priya", []),
    (None, None, []),
    ("+44 7911 123456", "[REDACTED:phone_number]", ["phone_number"]),
    ("Bob (312) 814-2290", "Bob [REDACTED:phone_number]", ["phone_number"]),
    (IBAN_DE, "[REDACTED:iban]", ["iban"]),
    ("ssn 512-73-4408", "ssn [REDACTED:national_id]", ["national_id"]),
    ("Ada, my password is Larch81", "Ada, my password is [REDACTED:password]", ["password"]),
])
def test_redact_speaker_redacts_a_speaker_like_a_text(speaker, expected, kinds):
    assert redact_speaker(speaker) == (expected, kinds)



def test_a_secret_in_the_speaker_field_never_reaches_the_log(engine):
    from streams.codec import decode_event

    engine.ingest(make_turn("hello there", 1, speaker="Bob +44 7911 123456"))
    rt = engine.runtime
    turns = [e for e in (decode_event(raw, rt.sealer) for _, raw in rt.log.read()) if e.type == "turn_received"]
    assert turns and all("7911" not in (t.payload.speaker or "") for t in turns)
    assert turns[0].payload.speaker == "Bob [REDACTED:phone_number]"
