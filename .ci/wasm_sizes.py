#!/usr/bin/env python3
"""Code bytes of a wasm module per function, grouped by Swift module and by kind.

    python3 .ci/wasm_sizes.py MODULE.wasm [--top N] [--grep REGEX] [--reach]

MODULE.wasm must keep its name section (link without --strip-all, wasm-opt with -g; `.ci/wasm sizes`
builds such a copy of the element's module). Prints the section sizes, then code bytes per
owning Swift module (from the mangled name: the specialized function's module for specializations), per kind (generic specialization, closure, runtime...), and the largest
functions. Names are demangled with the toolchain's swift-demangle. With --reach (the call
graph from binaryen's wasm-dis): per export, the code only it reaches, and the functions whose
removal would drop the most code (what a cut there can save at most).
"""
import collections
import os
import re
import subprocess
import sys
import tempfile


def leb(data, at):
    """Unsigned LEB128 at `at`: (value, next offset)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def sections(data):
    """(id, name, start, end) of every section."""
    if data[:4] != b"\0asm":
        sys.exit("wasm_sizes: not a wasm module")
    at, found = 8, []
    while at < len(data):
        kind = data[at]
        size, body = leb(data, at + 1)
        name = ""
        if kind == 0:
            length, name_at = leb(data, body)
            name = data[name_at:name_at + length].decode()
        found.append((kind, name, body, body + size, at))
        at = body + size
    return found


def imported_functions(data, start):
    count, at = leb(data, start)
    functions = 0
    for _ in range(count):
        for _ in range(2):  # module, field
            length, at = leb(data, at)
            at += length
        kind = data[at]
        at += 1
        if kind == 0:
            _, at = leb(data, at)
            functions += 1
        elif kind == 1:
            at += 1
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 2:
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 3:
            at += 2
    return functions


def code_sizes(data, start):
    count, at = leb(data, start)
    sizes = []
    for _ in range(count):
        size, body = leb(data, at)
        sizes.append(body + size - at)
        at = body + size
    return sizes


def function_names(data, start, end):
    length, at = leb(data, start)
    at += length  # "name"
    names = {}
    while at < end:
        kind = data[at]
        size, body = leb(data, at + 1)
        if kind == 1:
            count, p = leb(data, body)
            for _ in range(count):
                index, p = leb(data, p)
                length, p = leb(data, p)
                names[index] = data[p:p + length].decode(errors="replace")
                p += length
        at = body + size
    return names


def demangle(names):
    swift = [n for n in names if n.startswith(("$s", "$e"))]
    if not swift:
        return {}
    done = subprocess.run(["swift-demangle", "--compact"], input="\n".join(swift), capture_output=True, text=True)
    return dict(zip(swift, done.stdout.splitlines()))


MODULES = ("BubbleGeometry", "BubblePhysics", "BubblePicker", "Balloons", "BubbleScenario", "BubbleScene",
           "BubbleWeb", "ElementWasm", "PlaygroundWasm", "Replay")


def owner(mangled, plain):
    """The project module a function belongs to (the first named in its demangled text), else a runtime bucket."""
    if not mangled.startswith(("$s", "$e")):
        if mangled.startswith(("swift_", "_swift")):
            return "swift runtime"
        return "C (libc, builtins)" if not mangled.startswith("bp_") else "ElementWasm"
    plain = subject(plain)
    hits = [(plain.find(m + "."), m) for m in MODULES if plain.find(m + ".") >= 0]
    if hits:
        return min(hits)[1]
    return "Swift stdlib"


def subject(plain):
    """The specialized function's own text: `generic specialization <…> of f` and the like give `f`."""
    while True:
        match = re.match(r"(merged )?(generic|function signature|outlined|reabstraction thunk)[^<]*<", plain)
        if not match:
            return plain
        depth, at = 1, match.end()
        while at < len(plain) and depth:
            depth += {"<": 1, ">": -1}.get(plain[at], 0)
            at += 1
        if not plain.startswith(" of ", at):
            return plain
        plain = plain[at + 4:]


def kind(plain):
    if plain.startswith("generic specialization"):
        return "generic specialization"
    if "closure #" in plain:
        return "closure"
    if plain.startswith(("outlined", "merged")):
        return "outlined/merged"
    return "plain"


def call_graph(path):
    """(callees of each function, exported functions, functions in the table) from wasm-dis."""
    with tempfile.TemporaryDirectory() as directory:
        text = os.path.join(directory, "module.wat")
        subprocess.run(["wasm-dis", path, "-o", text], check=True, capture_output=True)
        calls, exports, table, current = collections.defaultdict(set), {}, set(), None
        with open(text) as lines:
            for line in lines:
                if match := re.match(r" \(func \$([^\s)]+)", line):
                    current = match.group(1)
                elif match := re.match(r' \(export "([^"]+)" \(func \$([^\s)]+)\)', line):
                    exports[match.group(1)] = match.group(2)
                elif line.startswith(" (elem"):
                    table.update(re.findall(r"\$([^\s)]+)", line))
                elif current:
                    calls[current].update(re.findall(r"\((?:call|return_call|ref\.func) \$([^\s)]+)", line))
    return calls, exports, table


def reach(calls, roots, without=None):
    seen = {r for r in roots if r != without}
    stack = list(seen)
    while stack:
        for callee in calls.get(stack.pop(), ()):
            if callee != without and callee not in seen:
                seen.add(callee)
                stack.append(callee)
    return seen


def print_reach(path, sizes_by_name, top):
    calls, exports, table = call_graph(path)
    bytes_of = lambda names: sum(sizes_by_name.get(n, 0) for n in names)
    roots = list(exports.values()) + list(table)
    everything = reach(calls, roots)
    print("code only one export reaches (bytes, of all it reaches):")
    rows = []
    for export, function in exports.items():
        others = reach(calls, [f for e, f in exports.items() if e != export] + list(table))
        mine = reach(calls, [function])
        rows.append((bytes_of(mine - others), bytes_of(mine), export))
    for only, total, export in sorted(rows, reverse=True)[:top]:
        print(f"  {only:>9,} {total:>9,}  {export}")
    print("code that goes away with one function (dominated bytes, functions):")
    rows = []
    for function in everything:
        if sizes_by_name.get(function, 0):
            gone = everything - reach(calls, roots, without=function)
            rows.append((bytes_of(gone), len(gone), function))
    rows.sort(reverse=True)
    plain = demangle([r[2] for r in rows[:top]])
    for gone, count, function in rows[:top]:
        print(f"  {gone:>9,} {count:>5}  {plain.get(function, function)[:150]}")


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    path, top, grep = args[0], 40, None
    if "--top" in args:
        top = int(args[args.index("--top") + 1])
    if "--grep" in args:
        grep = args[args.index("--grep") + 1]
    data = open(path, "rb").read()
    found = sections(data)
    imports, sizes, names = 0, [], {}
    print(f"{path}: {len(data):,} bytes")
    for section_id, name, start, end, header in found:
        label = name or ["custom", "type", "import", "function", "table", "memory", "global", "export", "start",
                         "element", "code", "data", "datacount", "tag"][section_id]
        print(f"  section {label:<12} {end - header:>9,}")
        if section_id == 2:
            imports = imported_functions(data, start)
        elif section_id == 10:
            sizes = code_sizes(data, start)
        elif section_id == 0 and name == "name":
            names = function_names(data, start, end)
    if not names:
        sys.exit("wasm_sizes: no name section (link without --strip-all, wasm-opt -g)")
    rows = []
    for i, size in enumerate(sizes):
        rows.append([names.get(imports + i, f"func{imports + i}"), size])
    plain = demangle([r[0] for r in rows])
    by_module, by_kind = collections.Counter(), collections.Counter()
    for row in rows:
        text = plain.get(row[0], row[0])
        row.append(text)
        by_module[owner(row[0], text)] += row[1]
        by_kind[kind(text)] += row[1]
    total = sum(sizes)
    print(f"code: {total:,} bytes in {len(sizes)} functions")
    for title, counter in (("by module", by_module), ("by kind", by_kind)):
        print(f"{title}:")
        for key, value in counter.most_common():
            print(f"  {value:>9,} {100 * value / total:5.1f}%  {key}")
    if grep:
        rows = [r for r in rows if re.search(grep, r[2])]
        print(f"matching {grep!r}: {sum(r[1] for r in rows):,} bytes in {len(rows)} functions")
    if "--reach" in args:
        print_reach(path, {name: size for name, size, _ in rows}, top)
        return
    print("largest:")
    for name, size, text in sorted(rows, key=lambda r: -r[1])[:top]:
        print(f"  {size:>7,}  {text[:160]}")


if __name__ == "__main__":
    main()
