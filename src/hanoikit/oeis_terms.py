"""Published terms of the integer sequences of the Tower of Hanoi family, as stored in the OEIS, with their source.

Each record is the A-number, the OEIS name (shortened), the offset (the index of the first term) and the terms as
read on the date below from the OEIS entry (``https://oeis.org/A......``, its internal format or the list view) or,
for the magnetic tower, from the header of the entry's program in loda-lang/loda-programs (``oeis/183/A......asm``),
which copies the entry's terms. :mod:`hanoikit.oeis` compares them with what hanoikit computes.

>>> PUBLISHED["A007664"].terms[:8], PUBLISHED["A007664"].offset
((0, 1, 3, 5, 9, 13, 17, 25), 0)
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["PUBLISHED", "Published", "READ_ON"]

READ_ON = "2026-11-23"
"""When the terms were read."""


class Published(NamedTuple):
    """An OEIS entry: its A-number, name, offset, terms and where they were read."""

    anumber: str
    name: str
    offset: int
    terms: tuple[int, ...]
    source: str

    @property
    def url(self) -> str:
        """The sequence's page on oeis.org."""
        return f"https://oeis.org/{self.anumber}"


def _entry(anumber: str, name: str, offset: int, terms: str, source: str = "") -> Published:
    return Published(anumber, name, offset, tuple(int(t) for t in terms.split(",")), source or f"oeis.org/{anumber}")


def _loda(anumber: str, name: str, terms: str) -> Published:
    """An entry of the magnetic tower's A183111-A183125 (offset 0), its terms read from the LODA programs' copy."""
    return _entry(anumber, name, 0, terms, f"loda-lang/loda-programs oeis/183/{anumber}.asm (the entry's terms)")

_ENTRIES = [
    _entry("A000225", "a(n) = 2^n - 1: the classic tower", 0,
           "0,1,3,7,15,31,63,127,255,511,1023,2047,4095,8191,16383,32767,65535,131071,262143,524287,1048575,2097151,"
           "4194303,8388607,16777215,33554431,67108863,134217727,268435455,536870911,1073741823,2147483647,4294967295,"
           "8589934591"),
    _entry("A007664", "Reve's puzzle: 4 pegs, Frame-Stewart", 0,
           "0,1,3,5,9,13,17,25,33,41,49,65,81,97,113,129,161,193,225,257,289,321,385,449,513,577,641,705,769,897,"
           "1025,1153,1281,1409,1537,1665,1793,2049,2305,2561,2817,3073,3329,3585,3841,4097,4609,5121,5633",
           "oeis.org/A007664/list"),
    _entry("A382111", "eccentricity of the perfect state: 4 pegs, the most moves from the start to any position", 0,
           "0,1,3,5,9,13,17,25,33,41,49,65,81,97,113,130,161,193,225,257,294",
           "oeis.org/A382111 (the values for n = 1..20 from Korf, AAAI 2004, table 2)"),
    _entry("A007665", "Tower of Hanoi with 5 pegs (Frame-Stewart)", 1,
           "1,3,5,7,11,15,19,23,27,31,39,47,55,63,71,79,87,95,103,111,127,143,159,175,191,207,223,239,255,271,287,"
           "303,319,335,351,383,415,447,479,511,543,575,607,639,671,703,735,767,799"),
    _entry("A005665", "3 pegs, cyclic moves, final peg one step away", 0,
           "0,1,5,15,43,119,327,895,2447,6687,18271,49919,136383,372607,1017983,2781183,7598335,20759039,56714751,"
           "154947583,423324671,1156544511,3159738367,8632565759,23584608255,64434348031,176037912575,480944521215,"
           "1313964867583,3589818777599,9807567290367"),
    _entry("A005666", "3 pegs, cyclic moves, final peg two steps away", 0,
           "0,2,7,21,59,163,447,1223,3343,9135,24959,68191,186303,508991,1390591,3799167,10379519,28357375,77473791,"
           "211662335,578272255,1579869183,4316282879,11792304127,32217174015,88018956287,240472260607,656982433791,"
           "1794909388799"),
    _entry("A103453", "a(n) = 0^n + 3^n - 1: 3 pegs in a line, end to end (a(0) = 1 is the 0^n term)", 0,
           "1,2,8,26,80,242,728,2186,6560,19682,59048,177146,531440,1594322,4782968,14348906,43046720,129140162,"
           "387420488,1162261466,3486784400,10460353202,31381059608,94143178826,282429536480,847288609442",
           "oeis.org/A103453/internal"),
    _entry("A160002", "4 pegs in a line (moves between adjacent pegs), first to last", 0,
           "0,3,10,19,34,57,88,123,176,253,342,449,572,749,980,1261,1560,1903,2328,2889,3562,4377,5276,6247",
           "oeis.org/A160002/internal"),
    _entry("A338024", "4 pegs in a cycle, final peg one step away", 1,
           "1,6,15,28,57,98,179,304,521,894,1519,2576,4381,7434,12603,21380,36265,61486,104263,176808,299797"),
    _entry("A338089", "4 pegs in a cycle, final peg three steps away", 1,
           "3,10,21,40,75,134,233,400,683,1166,1981,3364,5711,9690,16433,27872,47267,80150,135909,230460,390775"),
    _entry("A291876", "star of 4 pegs (centre and 3 outer), outer to outer", 1,
           "2,6,12,20,32,48,66,90,122,158,206,260,324,396,492,600,728,872,1034,1226,1442,1698,1986,2310,2694,3126,"
           "3612,4124,4700,5348,6116,6980,7952,8976,10128,11424,12882,14418,16146,18090,20138,22442,25034,27950,"
           "31022,34478,38366", "oeis.org/A291876/internal"),
    _entry("A291877", "star of 4 pegs, centre to outer", 1,
           "1,4,7,14,23,32,47,68,93,120,153,198,255,318,399,480,579,700,835,1012,1201,1428"),
    _loda("A183111", "Magnetic ToH, moves of disk k (largest k = 1), RBN or NRB",
          "0,1,3,9,25,75,223,665,1993,5971,17903,53697,161065,483163,1449439,4348233,13044585,39133571,117400431,"
          "352200881,1056601993,3169805003,9509413535,28528238329,85584711561,256754129459,770262380399,"
          "2310787129121,6932361368937"),
    _loda("A183112", "Magnetic ToH, total moves, RBN or NRB",
          "0,1,4,13,38,113,336,1001,2994,8965,26868,80565,241630,724793,2174232,6522465,19567050,58700621,"
          "176101052,528301933,1584903926,4754708929,14264122464,42792360793,128377072354,385131201813,"
          "1155393582212,3466180711333,10398542080270"),
    _loda("A183113", "Magnetic ToH, moves of disk k, RNB",
          "0,1,3,7,21,61,179,535,1597,4781,14331,42967,128869,386557,1159587,3478647,10435757,31306989,93920555,"
          "281761015,845282069,2535844733,7607531923,22822592343,68467771805,205403307437,616209910235,"
          "1848629712279,5545889108805"),
    _loda("A183114", "Magnetic ToH, total moves, RNB",
          "0,1,4,11,32,93,272,807,2404,7185,21516,64483,193352,579909,1739496,5218143,15653900,46960889,140881444,"
          "422642459,1267924528,3803769261,11411301184,34233893527,102701665332,308104972769,924314883004,"
          "2772944595283,8318833704088"),
    _loda("A183115", "Magnetic ToH, moves of disk k, RNN or NNB",
          "0,1,3,7,19,55,159,471,1403,4191,12551,37615,112787,338279,1014703,3043911,9131435,27393839,82180823,"
          "246541407,739622595,2218865335,6656592255,19969771063,59909304539,179727900415,539183681191,"
          "1617551013071,4852652992755,14557958907655,43673876615503"),
    _loda("A183116", "Magnetic ToH, total moves, RNN or NNB",
          "0,1,4,11,30,85,244,715,2118,6309,18860,56475,169262,507541,1522244,4566155,13697590,41091429,123272252,"
          "369813659,1109436254"),
    _loda("A183117", "Magnetic ToH, moves of disk k, NNN (free)",
          "0,1,3,7,19,53,153,451,1339,3997,11961,35835,107435,322197,966425,2899027,8696699,26089517,78267673,"
          "234801675,704402987,2113205861,6339612857,19018831395,57056483259,171169433149,513508274169,"
          "1540524784027,4621574293547,13864722791605,41594168239321"),
    _loda("A183118", "Magnetic ToH, total moves, NNN (free)",
          "0,1,4,11,30,83,236,687,2026,6023,17984,53819,161254,483451,1449876,4348903,13045602,39135119,117402792,"
          "352204467,1056607454"),
    _loda("A183119", "Magnetic ToH, total moves of a non-optimal 'forward moving' algorithm, RNB",
          "0,1,4,11,32,93,276,823,2464,7385,22148,66435,199296"),
    _loda("A183120", "Magnetic ToH, moves of disk k, non-optimal 'forward moving' algorithm, RNN or NNB",
          "0,1,3,7,19,55,159,471,1403,4199,12583,37735,113187"),
    _loda("A183121", "Magnetic ToH, total moves, non-optimal 'forward moving' algorithm, RNN or NNB",
          "0,1,4,11,30,85,244,715,2118,6317,18900,56635,169822"),
    _loda("A183122", "Magnetic ToH, moves of disk k, non-optimal 'forward moving' algorithm, NNN",
          "0,1,3,7,19,53,153,455,1359,4073,12213,36635,109899"),
    _loda("A183123", "Magnetic ToH, total moves, non-optimal 'forward moving' algorithm, NNN",
          "0,1,4,11,30,83,236,691,2050,6123,18336,54971,164870"),
    _loda("A183124", "Magnetic ToH, moves of disk n, non-optimal 'forward moving' algorithm, NNN",
          "0,1,3,7,19,53,153,451,1339,4001,11981,35919,107727"),
    _loda("A183125", "Magnetic ToH, total moves, non-optimal 'forward moving' algorithm, NNN",
          "0,1,4,11,30,83,236,687,2026,6027,18008,53927,161654"),
]

PUBLISHED: dict[str, Published] = {entry.anumber: entry for entry in _ENTRIES}
"""The published sequences by A-number."""
