// Turns the ```swift blocks of one Markdown page into a Swift file that the SyringeDocumentationTests target
// compiles, so a sample that stops compiling breaks the build at the page's own line.
//
// Usage: SampleExtractor PAGE.md OUTPUT.swift DISPLAY-PATH [CONTEXT.swift CONTEXT-DISPLAY-PATH]
//        SampleExtractor --doc-comments …  (the samples of `///` comments: DocComments.swift)
//
// The conventions (CONTRIBUTING.md, "Writing samples"):
// - ```swift blocks are compiled; ```swift fragment blocks are not (a line of an API, a sketch).
// - A page's blocks form one program, read top to bottom: each block sees the values (`let`, `var`, `func`)
//   of the blocks above it and may declare the same names again (each block is a nested scope).
// - Type declarations (protocol, struct, class, enum, actor, typealias, extension), `@Test` functions and
//   imports are moved to file scope, `fileprivate`, so two pages may both declare an `Animal` of their own
//   (but one page declares each name once). An `#if` … `#endif` holding only imports moves with them, as it is.
// - Documentation/SampleContext/PAGE.swift, when it exists, holds the types and values the page's samples use
//   without showing them; it is compiled as the page's first block (same rules).
// - <!-- sample-context … --> holds Swift the page needs but does not show (a type a snippet assumes); it is
//   compiled first, as a block of the page, and not rendered by GitHub or DocC.
// - <!-- sample: compile-only --> anywhere on a page: its program is compiled but not run by the tests.
// - A ```swift throws block shows a failure: when the page runs, its code must throw (the test fails if it
//   returns), and the blocks after it do not see its values.
// - A ```swift no-run block is compiled, and running the page stops before it (it shows something that never
//   returns, or needs what a test cannot give).
import Foundation

struct Block {
    var file: String  // the path that compile errors name
    var line: Int  // 1-based line of the first code line in the page
    var lines: [String]
    var run: Bool
    var throwsError = false  // ```swift throws: running it must throw
}

struct Page {
    var blocks: [Block] = []
    var compileOnly = false
}

func parse(_ text: String, path: String) -> Page {
    var page = Page()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
        let line = lines[index]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("<!-- sample: compile-only") {
            page.compileOnly = true
        }
        if trimmed.hasPrefix("<!-- sample-context") {
            var body: [String] = []
            let start = index + 2
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("-->") {
                body.append(lines[index])
                index += 1
            }
            page.blocks.append(Block(file: path, line: start, lines: body, run: true))
            index += 1
            continue
        }
        if trimmed.hasPrefix("```") {
            let fence = String(trimmed.prefix(while: { $0 == "`" }))
            let info = trimmed.dropFirst(fence.count).split(separator: " ").map(String.init)
            var body: [String] = []
            let start = index + 2
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(fence) {
                body.append(lines[index])
                index += 1
            }
            index += 1
            if info.first == "swift", !info.contains("fragment") {
                // Code indented under a list item is indented in the page; take the fence's indentation off.
                let indent = line.prefix(while: { $0 == " " }).count
                let code = body.map {
                    $0.hasPrefix(String(repeating: " ", count: indent)) ? String($0.dropFirst(indent)) : $0
                }
                var block = Block(file: path, line: start, lines: code, run: !info.contains("no-run"))
                block.throwsError = info.contains("throws")
                page.blocks.append(block)
            }
            continue
        }
        index += 1
    }
    return page
}

/// The change in depth of `open`/`close` pairs over a line, ignoring them in string literals and after `//`.
func depthDelta(_ line: String, open: Character, close: Character) -> Int {
    var delta = 0
    var inString = false
    var previous: Character = " "
    for character in line {
        if inString {
            if character == "\"" && previous != "\\" { inString = false }
        } else if character == "\"" {
            inString = true
        } else if character == "/" && previous == "/" {
            break
        } else if character == open {
            delta += 1
        } else if character == close {
            delta -= 1
        }
        previous = character
    }
    return delta
}

/// The change in brace depth over a line (``depthDelta(_:open:close:)``).
func braceDelta(_ line: String) -> Int { depthDelta(line, open: "{", close: "}") }

let declarationKeywords: Set<String> = ["protocol", "struct", "class", "enum", "actor", "extension", "typealias"]
let modifiers: Set<String> = [
    "final", "public", "private", "fileprivate", "internal", "open", "package", "nonisolated", "indirect",
]
let accessModifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "package"]

/// Whether a top-level line starts a type declaration, and the line rewritten to be `fileprivate`.
/// `markedTest`: the lines of attributes above it include `@Test` (a `func` is then a test, hoisted too).
func typeDeclaration(_ line: String, markedTest: Bool = false) -> String? {
    var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var position = 0
    while position < words.count, words[position].hasPrefix("@") { position += 1 }
    let firstModifier = position
    var hasAccess = false
    while position < words.count, modifiers.contains(words[position]) {
        if accessModifiers.contains(words[position]) { hasAccess = true }
        position += 1
    }
    guard position < words.count else { return nil }
    let keyword = words[position]
    // A function marked @Test is a test of its own, at file scope, as in a test file.
    let isTest = keyword == "func" && (markedTest || words[..<firstModifier].contains { $0.hasPrefix("@Test") })
    guard declarationKeywords.contains(keyword) || isTest else { return nil }
    // `class func` and the like are members, not top-level types; `class` must name a type.
    if hasAccess {
        // A sample may show a library's `public` API; in the page's file it is the page's own, as every other
        // declaration, so pages never clash over a type name.
        let widened: Set<String> = ["public", "open", "package", "internal"]
        guard let index = words[firstModifier..<position].firstIndex(where: { widened.contains($0) }) else {
            return line
        }
        words[index] = "fileprivate"
        return words.joined(separator: " ")
    }
    if keyword == "class" && line.contains("XCTestCase") {
        // An XCTest case class stays internal: XCTest's test discovery (on Linux) finds only such classes.
        return line
    }
    if keyword == "extension" {
        // An extension that adds a conformance cannot be fileprivate; its members follow the type's access.
        let header = line.split(separator: "{", maxSplits: 1).first.map(String.init) ?? line
        if header.contains(":") { return line }
    }
    words.insert("fileprivate", at: firstModifier)
    return words.joined(separator: " ")
}

/// When `lines[start]` opens an `#if` whose lines up to its `#endif` are only imports (`#if canImport(X)`,
/// `import X`, `#endif`, as Linux needs for `FoundationNetworking`), the index of that `#endif`: the group moves
/// to the imports, kept conditional.
func conditionalImportEnd(_ lines: [String], from start: Int) -> Int? {
    guard lines[start].hasPrefix("#if ") else { return nil }
    var index = start + 1
    while index < lines.count {
        let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
        if trimmed == "#endif" { return index > start + 1 ? index : nil }
        let isImport = trimmed.hasPrefix("import ") || trimmed == "#else" || trimmed.hasPrefix("#elseif ")
        guard isImport else { return nil }
        index += 1
    }
    return nil
}

/// Whether `line` is one attribute alone, such as `@MainActor` or `@Suite(.serialized, .tags(.fast))`: its
/// name, then, if any, one parenthesized argument list that ends the line (parentheses inside string literals
/// are not told apart; samples do not use them there).
func isWholeAttribute(_ line: String) -> Bool {
    guard line.hasPrefix("@") else { return false }
    let afterName = line.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    if afterName.isEmpty { return line.count > 1 }
    guard afterName.first == "(" else { return false }
    var depth = 0
    for (index, character) in afterName.enumerated() {
        if character == "(" { depth += 1 }
        if character == ")" {
            depth -= 1
            if depth == 0 { return index == afterName.count - 1 }
        }
    }
    return false
}

func identifier(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
}

/// Names bound by a top-level `let`/`var` line (`let a = …`, `var b: T = …`), read back after the block so a
/// sample that only shows a value does not warn about it being unused.
func boundName(_ line: String) -> String? {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count >= 2, words[0] == "let" || words[0] == "var" else { return nil }
    let name = words[1].prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
    return name.isEmpty || name == "_" ? nil : String(name)
}

func generate(page: Page, path: String) -> String {
    var imports: Set<String> = ["import Syringe"]
    var declarations: [String] = []
    var body: [String] = []
    var depth = 0  // nesting of the generated `do` scopes
    for (number, block) in page.blocks.enumerated() {
        if !block.run && !page.compileOnly {
            body.append("if Self.stopsHere { return }  // block \(number + 1) is marked no-run")
        }
        body.append("do {  // block \(number + 1), line \(block.line)")
        depth += 1
        if block.throwsError { body.append("do {") }
        var statements: [(Int, String)] = []
        var names: [String] = []
        var braceDepth = 0
        var current: (kind: Int, lines: [(Int, String)])? = nil  // kind 0: statement, 1: declaration
        var pendingAttributes: [(Int, String)] = []
        func flush() {
            guard let item = current else { return }
            if item.kind == 1 {
                declarations.append("#sourceLocation(file: \"\(block.file)\", line: \(item.lines[0].0))")
                declarations.append(contentsOf: item.lines.map(\.1))
                declarations.append("#sourceLocation()")
            } else {
                statements.append(contentsOf: item.lines)
            }
            current = nil
        }
        var skipThrough = -1  // the last line of a conditional import group already moved to the imports
        for (offset, line) in block.lines.enumerated() {
            if offset <= skipThrough { continue }
            let lineNumber = block.line + offset
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if braceDepth == 0 && line.first.map({ $0 != " " }) == true {
                if trimmed.hasPrefix("import ") {
                    flush()
                    imports.insert(trimmed)
                    continue
                }
                if let end = conditionalImportEnd(block.lines, from: offset) {
                    flush()
                    imports.insert(block.lines[offset...end].joined(separator: "\n"))
                    skipThrough = end
                    continue
                }
                let startsContinuation = trimmed.hasPrefix(".") || trimmed.hasPrefix("}") || trimmed.hasPrefix(")")
                if !startsContinuation {
                    if isWholeAttribute(trimmed) && braceDelta(line) == 0 {
                        flush()
                        pendingAttributes.append((lineNumber, line))
                        continue
                    }
                    flush()
                    // The attribute lines stay lines of their own: their arguments may hold spaces
                    // (`@Suite(.testContainer(from: app))`), which the declaration's words must not include.
                    let markedTest = pendingAttributes.contains { $0.1.hasPrefix("@Test") }
                    if let declaration = typeDeclaration(line, markedTest: markedTest) {
                        current = (1, pendingAttributes + [(lineNumber, declaration)])
                    } else {
                        current = (0, pendingAttributes + [(lineNumber, line)])
                        if let name = boundName(trimmed) { names.append(name) }
                    }
                    pendingAttributes = []
                    braceDepth += braceDelta(line)
                    continue
                }
            }
            if current == nil { current = (0, []) }
            current!.lines.append((lineNumber, line))
            braceDepth += braceDelta(line)
        }
        flush()
        if !statements.isEmpty {
            body.append("#sourceLocation(file: \"\(block.file)\", line: \(statements[0].0))")
            var expected = statements[0].0
            for (lineNumber, line) in statements {
                if lineNumber != expected {
                    body.append("#sourceLocation(file: \"\(block.file)\", line: \(lineNumber))")
                }
                body.append(line)
                expected = lineNumber + 1
            }
            body.append("#sourceLocation()")
        }
        for name in names { body.append("_ = \(name)") }
        if block.throwsError {
            let message = "\(block.file):\(block.line): the block marked `throws` returned without throwing"
            body.append("Issue.record(\"\(message)\")")
            body.append("} catch {}")
        }
    }
    body.append(String(repeating: "}", count: depth))

    let name = identifier((path as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: ""))
    let directory = identifier((path as NSString).deletingLastPathComponent)
    let suiteName = "Samples_\(directory)_\(name)"
    var output = ["// Generated by SampleExtractor from \(path). Do not edit: edit the page."]
    output.append(contentsOf: imports.sorted())
    output.append("import Testing")
    output.append("")
    output.append(contentsOf: declarations)
    output.append("")
    guard !page.blocks.isEmpty else {
        output.append("// The page has no ```swift blocks.")
        return output.joined(separator: "\n") + "\n"
    }
    output.append(contentsOf: [
        "/// The samples' `assert`: a claim of the page that does not hold fails the page's test, at the page's line,",
        "/// instead of stopping the test process as `Swift.assert` would (and it is checked in release builds too).",
        "/// It has `Swift.assert`'s exact signature: only then does a declaration of this module shadow the standard",
        "/// library's (with any other, overload ranking picks `Swift.assert`).",
        "fileprivate func assert(",
        "    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),",
        "    file: StaticString = #filePath, line: UInt = #line",
        ") {",
        "    guard !condition() else { return }",
        "    let filePath = \"\\(file)\"",
        "    let fileID = \"SyringeDocumentationTests/\\(filePath.split(separator: \"/\").last ?? \"\")\"",
        "    let location = SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: 1)",
        "    Issue.record(\"\\(filePath):\\(line): the sample's assertion does not hold. \\(message())\", sourceLocation: location)",
        "}",
        "",
    ])
    output.append("@Suite(\"\(path)\")")
    output.append("struct \(suiteName) {")
    output.append(
        "    /// Never true; the generated `if` keeps the code after a no-run block compiled without a warning.")
    output.append("    static var stopsHere: Bool { true }")
    output.append("")
    // The page runs in an async context only when it awaits: overload resolution differs there (an async
    // `shutdown()` is preferred in an async function), and the samples mean the context they are written for.
    let isAsync = page.blocks.contains { block in block.lines.contains { $0.contains("await ") } }
    let effects = isAsync ? "async throws" : "throws"
    if page.compileOnly {
        output.append("    /// Compiled only: the page says `<!-- sample: compile-only -->`.")
        output.append("    static func program() \(effects) {")
    } else {
        output.append("    @Test(\"the samples of \(path) compile and run in order\")")
        output.append("    func program() \(effects) {")
    }
    output.append(contentsOf: body)
    output.append("    }")
    output.append("}")
    return output.joined(separator: "\n") + "\n"
}

let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "--doc-comments" {
    do {
        try runDocComments(Array(arguments.dropFirst(2)))
        exit(0)
    } catch {
        let usage =
            "usage: SampleExtractor --doc-comments OUTPUT.swift NAME [--context CONTEXT.swift DISPLAY-PATH]..."
            + " SOURCE.swift DISPLAY-PATH...\n"
        FileHandle.standardError.write(Data("SampleExtractor: \(error)\n\(usage)".utf8))
        exit(1)
    }
}
guard arguments.count == 4 || arguments.count == 6 else {
    let usage = "usage: SampleExtractor PAGE.md OUTPUT.swift DISPLAY-PATH [CONTEXT.swift CONTEXT-DISPLAY-PATH]\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
do {
    let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
    var page = parse(text, path: arguments[3])
    if arguments.count == 6 {
        let context = try String(contentsOfFile: arguments[4], encoding: .utf8)
        let lines = context.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        page.blocks.insert(Block(file: arguments[5], line: 1, lines: lines, run: true), at: 0)
    }
    let source = generate(page: page, path: arguments[3])
    // Write only when the text changed, so an edit to one page does not recompile the others.
    if (try? String(contentsOfFile: arguments[2], encoding: .utf8)) != source {
        try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("SampleExtractor: \(arguments[1]): \(error)\n".utf8))
    exit(1)
}
