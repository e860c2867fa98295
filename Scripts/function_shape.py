"""The repository's rule on the shape of functions: no Swift function, initialiser or subscript
takes more than 6 parameters or spans more than 80 lines.

It reads the Swift sources it is given (folders are searched for .swift files) and prints one
line per function that breaks the rule, `path:line: name takes N parameters (at most 6)` or
`path:line: name spans N lines (at most 80)`, then exits 1; it prints nothing and exits 0 when
every function keeps it. `make lint` runs it on Sources.

What counts:
- Parameters are those written in the declaration, defaulted ones included. A closure type's
  own parameters, a tuple's elements, a generic argument list and a default value's commas are
  parts of one parameter.
- Lines run from the line of `func`, `init` or `subscript` to the line of the closing brace,
  comments and blank lines included. A requirement without a body (a protocol's) has no length.
- A struct's implicit memberwise initialiser counts too: it takes one parameter for each stored
  property without a fixed value (a `var` with a default counts, a `let` with one does not). It
  is printed as `path:line: Name's memberwise init would take N parameters`; write an init
  instead, or make the struct smaller.

Usage: python3 Scripts/function_shape.py Sources
"""

import pathlib
import re
import sys

MAXIMUM_PARAMETERS = 6
MAXIMUM_LINES = 80

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
OPERATOR = re.compile(r"[/=\-+!*%<>&|^~?.]+")
DECLARATION = re.compile(r"\b(func|init|subscript)\b")
TYPE_DECLARATION = re.compile(r"\b(struct|class|enum|actor|protocol|extension)\b")
STORED_PROPERTY = re.compile(r"^\s*(?:@[A-Za-z_][\w.]*(?:\([^)]*\))?\s+)*((?:[a-z]+\s+)*)(let|var)\s+([A-Za-z_]\w*)")
# Words that start a declaration: a signature without a body ends before a line that starts
# with one.
DECLARATION_START = re.compile(
    r"\s*(@|#|func\b|init\b|deinit\b|subscript\b|var\b|let\b|case\b|typealias\b|associatedtype\b|"
    r"struct\b|class\b|enum\b|actor\b|protocol\b|extension\b|public\b|private\b|fileprivate\b|"
    r"internal\b|package\b|open\b|static\b|mutating\b|nonmutating\b|override\b|convenience\b|"
    r"required\b|final\b|nonisolated\b|optional\b|dynamic\b|}|$)")
OPENING = {"(": ")", "[": "]", "{": "}"}


def code_only(text):
    """`text` with every comment and string literal replaced by spaces (newlines kept), so that
    the brackets and keywords left are the code's own. String interpolations are blanked with
    their string."""
    out = list(text)
    index = 0
    length = len(text)

    def blank(start, end):
        for position in range(start, end):
            if out[position] != "\n":
                out[position] = " "

    def skip_string(start):
        """The index after the string literal that starts at `start` (its `#`s or quote)."""
        hashes = 0
        position = start
        while text[position] == "#":
            hashes += 1
            position += 1
        multiline = text.startswith('"""', position)
        quote = '"""' if multiline else '"'
        position += len(quote)
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while position < length:
            if text.startswith(closing, position):
                return position + len(closing)
            if text.startswith(escape, position):
                after = position + len(escape)
                if after < length and text[after] == "(":
                    position = skip_code(after + 1, ")")
                    continue
                position = after + 1
                continue
            if not multiline and text[position] == "\n":
                return position
            position += 1
        return length

    def skip_code(position, closer):
        """The index after the `closer` that ends the code starting at `position` (an
        interpolation), stepping over nested brackets, strings and comments."""
        depth = 0
        while position < length:
            character = text[position]
            if text.startswith("//", position):
                position = text.find("\n", position)
                position = length if position < 0 else position
                continue
            if text.startswith("/*", position):
                position = skip_block_comment(position)
                continue
            if character == '"' or (character == "#" and re.match(r'#+"', text[position:position + 8])):
                position = skip_string(position)
                continue
            if character in "([{":
                depth += 1
            elif character in ")]}":
                if depth == 0 and character == closer:
                    return position + 1
                depth -= 1
            position += 1
        return length

    def skip_block_comment(start):
        depth = 0
        position = start
        while position < length:
            if text.startswith("/*", position):
                depth += 1
                position += 2
            elif text.startswith("*/", position):
                depth -= 1
                position += 2
                if depth == 0:
                    return position
            else:
                position += 1
        return length

    while index < length:
        character = text[index]
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            blank(index, end)
            index = end
        elif text.startswith("/*", index):
            end = skip_block_comment(index)
            blank(index, end)
            index = end
        elif character == '"' or (character == "#" and re.match(r'#+"', text[index:index + 8])):
            end = skip_string(index)
            blank(index, end)
            index = end
        else:
            index += 1
    return "".join(out)


def matching(code, start):
    """The index of the bracket that closes the one at `start`."""
    closer = OPENING[code[start]]
    stack = [closer]
    position = start + 1
    while position < len(code):
        character = code[position]
        if character in OPENING:
            stack.append(OPENING[character])
        elif character in ")]}":
            stack.pop()
            if not stack:
                return position
        position += 1
    raise ValueError(f"unbalanced {code[start]!r} at offset {start}")


def parameters(listed):
    """How many parameters the text between a declaration's parentheses declares."""
    count = 0
    depth = 0
    angles = 0
    segment = ""
    for position, character in enumerate(listed):
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif character == "<" and position > 0 and re.match(r"[\w?!\]]", listed[position - 1]):
            angles += 1
        elif character == ">" and angles > 0 and listed[position - 1] != "-":
            angles -= 1
        elif character == "," and depth == 0 and angles == 0:
            count += 1 if segment.strip() else 0
            segment = ""
            continue
        segment += character
    return count + (1 if segment.strip() else 0)


def body_start(code, position):
    """The index of the `{` that opens the body of a declaration whose signature continues at
    `position`, or None when it has no body."""
    depth = 0
    while position < len(code):
        character = code[position]
        if character in "([<" and depth >= 0:
            if character == "(":
                position = matching(code, position) + 1
                continue
            if character == "[":
                position = matching(code, position) + 1
                continue
        if character == "{":
            return position
        if character in "};":
            return None
        if character == "\n" and DECLARATION_START.match(code, position + 1):
            following = code[position + 1:].lstrip()
            if not following.startswith("{") and not following.startswith("where"):
                return None
        position += 1
    return None


def line_of(code, position):
    return code.count("\n", 0, position) + 1


def declarations(code):
    """Each written function, initialiser and subscript in `code`: (name, first line, parameter
    count, lines or None)."""
    found = []
    for match in DECLARATION.finditer(code):
        keyword = match.group(1)
        start = match.start()
        before = code[:start].rstrip()
        if before.endswith(".") or (start > 0 and code[start - 1] in "\\`"):
            continue
        position = match.end()
        name = keyword
        if keyword == "func":
            rest = code[position:]
            stripped = rest.lstrip()
            position += len(rest) - len(stripped)
            word = IDENTIFIER.match(code, position) or OPERATOR.match(code, position)
            if not word:
                continue
            name = word.group(0)
            position = word.end()
        elif code[position:position + 1] in "?!":
            position += 1
        while position < len(code) and code[position] in " \t\n":
            position += 1
        if code[position:position + 1] == "<":
            depth = 0
            while position < len(code):
                if code[position] == "<":
                    depth += 1
                elif code[position] == ">" and code[position - 1] != "-":
                    depth -= 1
                    if depth == 0:
                        position += 1
                        break
                position += 1
            while position < len(code) and code[position] in " \t\n":
                position += 1
        if code[position:position + 1] != "(":
            continue
        closing = matching(code, position)
        count = parameters(code[position + 1:closing])
        opening = body_start(code, closing + 1)
        lines = None
        if opening is not None:
            lines = line_of(code, matching(code, opening)) - line_of(code, start) + 1
        found.append((name, line_of(code, start), count, lines))
    return found


def memberwise_initialisers(code):
    """Each struct that declares no initialiser in its body: (name, line, parameters of its
    memberwise initialiser)."""
    found = []
    for match in re.finditer(r"\bstruct\s+([A-Za-z_]\w*)", code):
        opening = code.find("{", match.end())
        if opening < 0:
            continue
        closing = matching(code, opening)
        body = code[opening + 1:closing]
        # The body at its own depth: nested types, functions and computed properties blanked.
        flat = list(body)
        position = 0
        while position < len(body):
            if body[position] in "([{":
                end = matching(body, position)
                for inner in range(position + 1, end):
                    if flat[inner] != "\n":
                        flat[inner] = " "
                position = end + 1
                continue
            position += 1
        flat = "".join(flat)
        if re.search(r"(?<![.\w])init\b[?!]?\s*[(<]", flat):
            continue
        count = 0
        for line in flat.split("\n"):
            stored = STORED_PROPERTY.match(line)
            if not stored or "static" in stored.group(1).split() or "lazy" in stored.group(1).split():
                continue
            rest = line[stored.end():]
            if stored.group(2) == "let" and "=" in rest:
                continue
            if stored.group(2) == "var" and "{" in rest and "=" not in rest.split("{")[0]:
                continue
            count += 1
        found.append((match.group(1), line_of(code, match.start()), count))
    return found


def problems(path, text):
    """What breaks the rule in the Swift file `path` whose text is `text`, as printed."""
    found = []
    for name, line, count, lines in declarations(code_only(text)):
        if count > MAXIMUM_PARAMETERS:
            found.append(f"{path}:{line}: {name} takes {count} parameters (at most {MAXIMUM_PARAMETERS})")
        if lines is not None and lines > MAXIMUM_LINES:
            found.append(f"{path}:{line}: {name} spans {lines} lines (at most {MAXIMUM_LINES})")
    return found


def wide_structs(path, text):
    """The structs of the Swift file `path` whose memberwise initialiser would take more than 6
    parameters, as printed."""
    return [
        f"{path}:{line}: {name}'s memberwise init would take {count} parameters"
        for name, line, count in memberwise_initialisers(code_only(text))
        if count > MAXIMUM_PARAMETERS
    ]


def swift_files(arguments):
    for argument in arguments:
        path = pathlib.Path(argument)
        yield from sorted(path.rglob("*.swift")) if path.is_dir() else [path]


def main(arguments):
    if not arguments:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    found = []
    for path in swift_files(arguments):
        text = path.read_text(encoding="utf-8")
        found += problems(path, text) + wide_structs(path, text)
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
