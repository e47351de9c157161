#!/usr/bin/env python3
"""Reorders a wasm module's functions so that similar bodies sit side by side, for brotli.

    python3 .ci/wasm_order.py IN.wasm OUT.wasm

Brotli codes a repeat of the last few match distances in fewer bits than a new one, so near-copies
(one generic function specialized per element type, outlined helpers) compress better adjacent
than scattered. The order: start from the first function, then repeatedly take the remaining body
most like the last one taken (Jaccard similarity of their 4-byte substrings; ties: the lower
index). Deterministic, and nothing else changes: every function index is renumbered (calls,
`ref.func`, exports, the start function, element segments); types, tables, memory, globals and
data stay as they are, so the module computes exactly what it did.

The instruction decoder knows the features the modules use (MVP, sign extension, non-trapping
float-to-int, bulk memory, mutable globals); anything else (SIMD, tail calls, GC, a name section)
is refused with exit 1 rather than guessed at, so a new feature is noticed here, not in a browser.
"""
import sys

from wasm_sizes import imported_functions, leb  # .ci/wasm_sizes.py: the same wasm reading


class Refused(Exception):
    """A module this tool does not rewrite (the reason is the message)."""


def skip_sleb(data, at):
    """The offset after a signed LEB128 at `at`."""
    while data[at] & 0x80:
        at += 1
    return at + 1


def uleb(value):
    """`value` as unsigned LEB128 bytes."""
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


# Opcodes by immediate shape (the features named at the top).
NO_IMMEDIATE = {0x00, 0x01, 0x05, 0x0B, 0x0F, 0x1A, 0x1B, 0xD1} | set(range(0x45, 0xC5))
ONE_INDEX = {0x0C, 0x0D, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26}
MEMORY_ACCESS = set(range(0x28, 0x3F))
BLOCK = {0x02, 0x03, 0x04}
VALUE_TYPES = {0x7F, 0x7E, 0x7D, 0x7C, 0x7B, 0x70, 0x6F}
# 0xFC sub-opcodes: how many index immediates (memory and table operands are encoded as indices).
MISC_INDICES = {0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 2, 9: 1, 10: 2, 11: 1, 12: 2, 13: 1,
                14: 2, 15: 1, 16: 1, 17: 1}


def rewrite_body(body, renumber):
    """A function body with every function index renumbered (`renumber[old] = new`)."""
    out = bytearray()
    at = 0
    groups, at = leb(body, at)
    for _ in range(groups):
        _, at = leb(body, at)
        at += 1  # the value type
    out += body[:at]
    while at < len(body):
        start = at
        op = body[at]
        at += 1
        if op == 0x10 or op == 0xD2:  # call, ref.func: the one immediate that changes
            index, at = leb(body, at)
            out.append(op)
            out += uleb(renumber[index])
            continue
        if op in NO_IMMEDIATE:
            pass
        elif op in ONE_INDEX:
            _, at = leb(body, at)
        elif op in MEMORY_ACCESS:
            _, at = leb(body, at)
            _, at = leb(body, at)
        elif op in BLOCK:
            at = at + 1 if body[at] == 0x40 or body[at] in VALUE_TYPES else skip_sleb(body, at)
        elif op == 0x0E:  # br_table
            count, at = leb(body, at)
            for _ in range(count + 1):
                _, at = leb(body, at)
        elif op == 0x11:  # call_indirect: type, table
            _, at = leb(body, at)
            _, at = leb(body, at)
        elif op == 0x1C:  # select with types
            count, at = leb(body, at)
            at += count
        elif op in (0x3F, 0x40):  # memory.size, memory.grow
            _, at = leb(body, at)
        elif op in (0x41, 0x42):
            at = skip_sleb(body, at)
        elif op == 0x43:
            at += 4
        elif op == 0x44:
            at += 8
        elif op == 0xD0:  # ref.null: a reference type
            at += 1
        elif op == 0xFC:
            sub, at = leb(body, at)
            if sub not in MISC_INDICES:
                raise Refused(f"opcode 0xFC {sub} is not one this tool knows")
            for _ in range(MISC_INDICES[sub]):
                _, at = leb(body, at)
        else:
            raise Refused(f"opcode 0x{op:02X} at body offset {start} is not one this tool knows")
        out += body[start:at]
    return bytes(out)


def sections(data):
    """[(id, payload bytes, raw section bytes)] in order, after checking the header."""
    if data[:8] != b"\0asm\x01\0\0\0":
        raise Refused("not a version-1 wasm module")
    at, found = 8, []
    while at < len(data):
        kind = data[at]
        size, body = leb(data, at + 1)
        found.append((kind, data[body:body + size], data[at:body + size]))
        at = body + size
    return found


def vector(payload):
    """(count, offset after it) of a section that is one vector."""
    return leb(payload, 0)


def code_bodies(payload):
    count, at = vector(payload)
    bodies = []
    for _ in range(count):
        size, start = leb(payload, at)
        bodies.append(payload[start:start + size])
        at = start + size
    return bodies


def similarity_order(bodies):
    """Function positions, greedily by similarity to the previous one (see the top)."""
    grams = [frozenset(body[i:i + 4] for i in range(len(body) - 3)) for body in bodies]
    order, left = [0], list(range(1, len(bodies)))
    while left:
        last = grams[order[-1]]
        best, best_score = left[0], -1.0
        for candidate in left:
            shared = len(last & grams[candidate])
            score = shared / (len(last) + len(grams[candidate]) - shared + 1)
            if score > best_score:
                best, best_score = candidate, score
        order.append(best)
        left.remove(best)
    return order


def rewrite_exports(payload, renumber):
    count, at = vector(payload)
    out = bytearray(uleb(count))
    for _ in range(count):
        length, name = leb(payload, at)
        out += payload[at:name + length]
        at = name + length
        kind = payload[at]
        index, at = leb(payload, at + 1)
        out.append(kind)
        out += uleb(renumber[index] if kind == 0 else index)
    return bytes(out)


def rewrite_elements(payload, renumber):
    count, at = vector(payload)
    out = bytearray(uleb(count))
    for _ in range(count):
        flags, body = leb(payload, at)
        if flags != 0:
            raise Refused(f"element segment flags {flags} (only active table-0 function lists)")
        if payload[body] != 0x41:  # the offset expression: i32.const N end
            raise Refused("an element segment offset that is not i32.const")
        end = skip_sleb(payload, body + 1)
        if payload[end] != 0x0B:
            raise Refused("an element segment offset of more than one instruction")
        end += 1
        out += payload[at:end]
        functions, at = leb(payload, end)
        out += uleb(functions)
        for _ in range(functions):
            index, at = leb(payload, at)
            out += uleb(renumber[index])
    return bytes(out)


def section(kind, payload):
    return bytes([kind]) + uleb(len(payload)) + payload


def reorder(data):
    """The module with its functions in similarity order (see the top)."""
    parts = sections(data)
    kinds = [kind for kind, _, _ in parts]
    for kind, payload, _ in parts:
        if kind == 0:
            length, at = leb(payload, 0)
            if payload[at:at + length] == b"name":
                raise Refused("a name section (strip the module first)")
    if 3 not in kinds or 10 not in kinds:
        return data
    imports = imported_functions(next(p for k, p, _ in parts if k == 2), 0) if 2 in kinds else 0
    bodies = code_bodies(next(p for k, p, _ in parts if k == 10))
    types_count, types_at = vector(next(p for k, p, _ in parts if k == 3))
    function_section = next(p for k, p, _ in parts if k == 3)
    types, at = [], types_at
    for _ in range(types_count):
        index, next_at = leb(function_section, at)
        types.append(function_section[at:next_at])
        at = next_at
    order = similarity_order(bodies)
    renumber = list(range(imports)) + [0] * len(bodies)
    for position, old in enumerate(order):
        renumber[imports + old] = imports + position
    out = bytearray(data[:8])
    for kind, payload, raw in parts:
        if kind == 3:
            payload = uleb(len(order)) + b"".join(types[i] for i in order)
        elif kind == 10:
            payload = uleb(len(order)) + b"".join(uleb(len(b)) + b for b in (rewrite_body(bodies[i], renumber) for i in order))
        elif kind == 7:
            payload = rewrite_exports(payload, renumber)
        elif kind == 8:
            index, _ = leb(payload, 0)
            payload = uleb(renumber[index])
        elif kind == 9:
            payload = rewrite_elements(payload, renumber)
        else:
            out += raw
            continue
        out += section(kind, payload)
    return bytes(out)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: wasm_order.py IN.wasm OUT.wasm")
    with open(sys.argv[1], "rb") as handle:
        data = handle.read()
    try:
        result = reorder(data)
    except (Refused, IndexError) as error:
        sys.exit(f"wasm_order.py: {sys.argv[1]}: {error or 'truncated module'}")
    with open(sys.argv[2], "wb") as handle:
        handle.write(result)


if __name__ == "__main__":
    main()
