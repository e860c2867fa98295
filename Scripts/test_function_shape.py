"""Checks of the function shape rule's reading of Swift (function_shape.py).

Usage: python3 -m unittest discover -s Scripts -p 'test_function_shape.py'
"""

import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import function_shape  # noqa: E402


def shapes(swift):
    """(name, parameter count, lines) of each declaration in `swift`."""
    return [(name, count, lines) for name, _, count, lines in function_shape.declarations(
        function_shape.code_only(swift))]


def body(lines):
    return "".join(f"    let value{number} = {number}\n" for number in range(lines))


class ParameterTests(unittest.TestCase):
    def test_a_closure_type_a_tuple_and_generic_arguments_are_one_parameter_each(self):
        swift = (
            "func run(_ body: (Int, String) -> Void, pair: (Int, Int), table: [String: Int],\n"
            "         map: Dictionary<String, Array<Int>>, handler: @escaping @Sendable (Int) async throws -> Bool) {}\n")
        self.assertEqual(shapes(swift), [("run", 5, 2)])

    def test_default_values_with_calls_closures_and_commas_are_one_parameter_each(self):
        swift = (
            "init(a: Int = max(1, 2), b: [Int] = [1, 2, 3], c: (Int) -> Int = { x in min(x, 0) },\n"
            "     d: String = \"a, b)\", e: Bool = 1 < 2, f: Int? = nil, g: Int = 0) {}\n")
        self.assertEqual(shapes(swift), [("init", 7, 2)])

    def test_a_multiline_signature_with_generics_where_and_effects_is_read_whole(self):
        swift = (
            "    public static func merge<Key: Hashable, Value>(\n"
            "        _ first: [Key: Value],\n"
            "        second: [Key: Value]\n"
            "    ) async throws(MergeError) -> [Key: Value]\n"
            "    where Value: Sendable\n"
            "    {\n"
            "        first\n"
            "    }\n")
        self.assertEqual(shapes(swift), [("merge", 2, 8)])

    def test_failable_inits_operators_and_subscripts_are_declarations(self):
        swift = (
            "init?(a: Int) { nil }\n"
            "static func < (lhs: Self, rhs: Self) -> Bool { true }\n"
            "subscript(row: Int, column: Int) -> Int { 0 }\n")
        self.assertEqual(shapes(swift), [("init", 1, 1), ("<", 2, 1), ("subscript", 2, 1)])

    def test_calls_of_init_are_not_declarations(self):
        swift = "func make() -> Thing {\n    self.init(a: 1)\n    return Thing.init(a, b, c, d, e, f, g)\n}\n"
        self.assertEqual(shapes(swift), [("make", 0, 4)])

    def test_comments_and_strings_hide_what_looks_like_code(self):
        swift = (
            "/// func fake(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) {}\n"
            "/* nested /* func inner() {} */ still a comment */\n"
            "func real() -> String {\n"
            "    \"\"\"\n    func notOne(a: Int) {\n    \"\"\" + #\"init(\"x\") \\(\"#\n"
            "    + \"\\(items.map { \"}\" }.joined()) ) {\"\n"
            "}\n")
        self.assertEqual(shapes(swift), [("real", 0, 6)])


class LengthTests(unittest.TestCase):
    def test_lines_run_from_the_keyword_to_the_closing_brace(self):
        swift = "func long() {\n" + body(79) + "}\n"
        self.assertEqual(shapes(swift), [("long", 0, 81)])
        self.assertEqual(
            function_shape.problems("File.swift", swift), ["File.swift:1: long spans 81 lines (at most 80)"])

    def test_a_requirement_without_a_body_has_no_length(self):
        swift = (
            "protocol Source {\n"
            "    func read(a: Int) throws -> [Int]\n"
            "    init(path: String)\n"
            "    var name: String { get }\n"
            "}\n"
            "func after() {\n" + body(3) + "}\n")
        self.assertEqual(shapes(swift), [("read", 1, None), ("init", 1, None), ("after", 0, 5)])


class RuleTests(unittest.TestCase):
    def test_seven_parameters_break_the_rule_and_six_keep_it(self):
        six = "func six(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) {}\n"
        seven = "func seven(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, _ g: Int) {}\n"
        self.assertEqual(function_shape.problems("A.swift", six), [])
        self.assertEqual(
            function_shape.problems("A.swift", six + seven), ["A.swift:2: seven takes 7 parameters (at most 6)"])

    def test_a_wide_struct_breaks_the_rule_and_a_written_init_removes_its_memberwise_one(self):
        fields = "".join(f"    let field{number}: Int\n" for number in range(7))
        wide = "struct Wide {\n" + fields + "    let fixed = 1\n    static var shared = 0\n" + \
            "    var computed: Int { 1 }\n    func helper(a: Int) {}\n}\n"
        narrow = "struct Narrow {\n" + fields + "    init() { field0 = 0 }\n}\n"
        self.assertEqual(function_shape.problems("W.swift", wide), [])
        self.assertEqual(
            function_shape.wide_structs("W.swift", wide + narrow),
            ["W.swift:1: Wide's memberwise init would take 7 parameters"])


if __name__ == "__main__":
    unittest.main()
