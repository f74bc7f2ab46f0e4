#!/usr/bin/env python3
"""
Counts SQL references a server module makes to another domain's tables (issue 20, "each table has one owner").

A table's owner is the module whose entity names it, else the domain packages/store/README.md's table of owners names
for it (of several, the one named like the table), else the module whose migration creates it (tables created by server/src/db/migrations and owned by no one else
are left out). A reference is a FROM/JOIN/UPDATE/INTO naming a table of another module, on one
line of a module's non-test, non-migration source. Statements in packages/store (the owners) are not counted.

    python3 scripts/cross-domain-sql.py            # the total and the pairs (module, owner)
    python3 scripts/cross-domain-sql.py mall wallet # and each reference of these modules
"""
import collections
import glob
import re
import sys

owner = {}
for f in glob.glob("server/src/modules/**/*.entity.ts", recursive=True):
    for t in re.findall(r'@Entity\(\{ name: "(\w+)"', open(f).read()):
        owner.setdefault(t, re.search(r"modules/([\w-]+)/", f).group(1))
created = set()
for f in glob.glob("server/src/**/*.ts", recursive=True):
    if "/migrations/" in f or re.search(r"/\d{13}-", f):
        created.update(re.findall(r'CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?', open(f).read()))
for line in open("packages/store/README.md").read().split("\n"):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 3 and cells[0].startswith("`") and re.fullmatch(r"[\w-]+", cells[2].split(",")[0]):
        domains = [d.strip() for d in cells[2].split(",")]
        for t in re.findall(r"\b(\w+)\b", cells[1]):
            if t in created:
                # A row naming several domains: a table goes to the domain of its own name, else to the first.
                owner.setdefault(t, t.replace("_", "-") if t.replace("_", "-") in domains else domains[0])
for f in glob.glob("server/src/**/*.ts", recursive=True):
    if "/migrations/" in f or re.search(r"/\d{13}-", f):
        for t in re.findall(r'CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?', open(f).read()):
            m = re.search(r"modules/([\w-]+)/", f)
            owner.setdefault(t, m.group(1) if m else "db")

refs = collections.Counter()
detail = collections.defaultdict(list)
for f in glob.glob("server/src/modules/**/*.ts", recursive=True):
    if f.endswith(".test.ts") or re.search(r"/\d{13}-", f):
        continue
    m = re.search(r"modules/([\w-]+)/", f)
    if not m:
        continue
    mod = m.group(1)
    for i, line in enumerate(open(f).read().split("\n"), 1):
        for t in re.findall(r'\b(?:FROM|JOIN|UPDATE|INTO)\s+"?(\w+)"?', line):
            o = owner.get(t)
            if o and o != mod and o != "db":
                refs[(mod, o)] += 1
                detail[mod].append(f"{f}:{i} {t} ({o})")

print(sum(refs.values()))
for (mod, o), n in refs.most_common():
    print(n, mod, "->", o)
for mod in sys.argv[1:]:
    print("\n".join(detail[mod]))
