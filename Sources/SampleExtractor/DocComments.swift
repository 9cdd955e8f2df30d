// The ```swift blocks of `///` doc comments: one program for a folder of Sources/ (CONTRIBUTING.md,
// "Writing samples", "Samples in doc comments").
//
// Usage: SampleExtractor --doc-comments OUTPUT.swift NAME [--context CONTEXT.swift CONTEXT-DISPLAY-PATH]...
//            SOURCE.swift SOURCE-DISPLAY-PATH...
//
// - Every ```swift block of a `///` comment is compiled; ```swift fragment blocks are not.
// - Each block is a function of its own, so blocks are independent: a block sees the context and its own lines,
//   not another block's values. The function is `async` when the block awaits and `@MainActor` when the block
//   uses `.mainActor`; it `throws`, so `try` needs no `do`. Top-level `let`/`var` of a block are read after it,
//   so a sample that only shows a value does not warn.
// - A block's `struct`, `class`, `enum`, `actor` and `typealias` stay in its function, as local types, so two
//   blocks may each declare a `Cat` of their own. `protocol`, `extension` and `@Test`/`@Suite` declarations
//   cannot be local: they move to file scope (`fileprivate`) and are shared by the folder's blocks, so a folder
//   declares each of those names once. A moved `@Test` or `@Suite` gets a `.disabled` trait: the samples are
//   compiled, not run.
// - The context files (Documentation/SampleContext/DocComments/Common.context.swift, then
//   <Folder>.context.swift) are Swift at file scope: the types and values the blocks use without declaring them.
//   Their top-level declarations are made `fileprivate`.
// - A compile error names the source file and line of the doc comment (`#sourceLocation`), and the column of
//   the code in the comment.
import Foundation

/// One ```swift block of a doc comment: its lines without the `///` prefix, and how wide that prefix was.
struct CommentBlock {
    var file: String
    var line: Int  // 1-based line of the first code line in the source file
    var indent: Int  // the columns before the code in the comment (`    /// `), restored when emitting
    var lines: [String]
}

/// The ```swift blocks in the `///` comments of one Swift source file.
func commentBlocks(_ text: String, path: String) -> [CommentBlock] {
    var blocks: [CommentBlock] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    /// The text of a `///` line after the prefix (and one space), and the prefix's width; nil for other lines.
    func comment(_ line: String) -> (text: String, indent: Int)? {
        let leading = line.prefix(while: { $0 == " " }).count
        let rest = line.dropFirst(leading)
        guard rest.hasPrefix("///") else { return nil }
        let text = rest.dropFirst(3)
        if text.hasPrefix(" ") { return (String(text.dropFirst()), leading + 4) }
        return (String(text), leading + 3)
    }
    var index = 0
    while index < lines.count {
        guard let opening = comment(lines[index]), opening.text.trimmingCharacters(in: .whitespaces).hasPrefix("```")
        else {
            index += 1
            continue
        }
        let trimmed = opening.text.trimmingCharacters(in: .whitespaces)
        let fence = String(trimmed.prefix(while: { $0 == "`" }))
        let info = trimmed.dropFirst(fence.count).split(separator: " ").map(String.init)
        var block = CommentBlock(file: path, line: index + 2, indent: 0, lines: [])
        index += 1
        while index < lines.count, let code = comment(lines[index]),
            !code.text.trimmingCharacters(in: .whitespaces).hasPrefix(fence)
        {
            block.lines.append(code.text)
            block.indent = max(block.indent, code.indent)
            index += 1
        }
        index += 1
        if info.first == "swift", !info.contains("fragment") { blocks.append(block) }
    }
    return blocks
}

/// The keyword of a declaration line after its attributes and modifiers (`struct`, `func`, `let`…).
func declarationKeyword(_ line: String) -> String? {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var position = 0
    while position < words.count, words[position].hasPrefix("@") { position += 1 }
    while position < words.count, modifiers.contains(words[position]) { position += 1 }
    return position < words.count ? words[position] : nil
}

/// The change in parenthesis depth over a line (``depthDelta(_:open:close:)``).
func parenDelta(_ line: String) -> Int { depthDelta(line, open: "(", close: ")") }

/// When `lines[start]` opens an attribute whose argument list closes at the end of a later line
/// (`@Test(.overriding { c in` … `})`), the index of that line: the lines are one attribute.
func multilineAttributeEnd(_ lines: [String], from start: Int) -> Int? {
    guard lines[start].hasPrefix("@"), parenDelta(lines[start]) > 0 else { return nil }
    var depth = parenDelta(lines[start])
    var index = start + 1
    while index < lines.count {
        depth += parenDelta(lines[index])
        if depth <= 0 {
            return depth == 0 && lines[index].trimmingCharacters(in: .whitespaces).hasSuffix(")") ? index : nil
        }
        index += 1
    }
    return nil
}

/// A line split after its leading attributes, whose arguments may hold spaces (`@Test(.tags(.fast)) func a()`).
func splitAttributes(_ line: String) -> (attributes: String, rest: String) {
    var index = line.startIndex
    while index < line.endIndex, line[index] == "@" {
        index = line.index(after: index)
        while index < line.endIndex, line[index].isLetter || line[index].isNumber || "_.".contains(line[index]) {
            index = line.index(after: index)
        }
        if index < line.endIndex, line[index] == "(" {
            var depth = 0
            var inString = false
            while index < line.endIndex {
                let character = line[index]
                if character == "\"" { inString.toggle() }
                if !inString && character == "(" { depth += 1 }
                if !inString && character == ")" { depth -= 1 }
                index = line.index(after: index)
                if depth == 0 { break }
            }
        }
        while index < line.endIndex, line[index] == " " { index = line.index(after: index) }
    }
    return (String(line[..<index]), String(line[index...]))
}

/// `@Test` or `@Suite` in `line` given a `.disabled` trait, so a sample's test is compiled but not run.
func disablingTest(_ line: String) -> String? {
    let trait = ".disabled(\"a doc-comment sample: compiled, not run\")"
    for attribute in ["@Test", "@Suite"] {
        guard let range = line.range(of: attribute) else { continue }
        let after = line[range.upperBound...]
        if after.first.map({ $0.isLetter || $0.isNumber }) == true { continue }
        guard after.hasPrefix("(") else { return line.replacingCharacters(in: range, with: "\(attribute)(\(trait))") }
        let arguments = after.dropFirst()
        if arguments.hasPrefix("\"") {
            // A display name comes first: the trait goes after it.
            guard let close = arguments.dropFirst().firstIndex(of: "\"") else { return nil }
            let next = arguments.index(after: close)
            return String(line[..<next]) + ", " + trait + String(line[next...])
        }
        let separator = arguments.hasPrefix(")") ? "" : ", "
        return String(line[..<arguments.startIndex]) + trait + separator + String(arguments)
    }
    return nil
}

/// A context line at file scope made `fileprivate` when it declares something (a type, `func`, `let`, `var`).
func fileScopeDeclaration(_ line: String) -> String {
    if let declaration = typeDeclaration(line) { return declaration }
    guard let keyword = declarationKeyword(line), ["func", "let", "var"].contains(keyword) else { return line }
    var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if words.contains(where: { accessModifiers.contains($0) }) { return line }
    let position = words.firstIndex { !$0.hasPrefix("@") } ?? 0
    words.insert("fileprivate", at: position)
    return words.joined(separator: " ")
}

func generateDocComments(name: String, contexts: [(text: String, path: String)], blocks: [CommentBlock]) -> String {
    var imports: Set<String> = ["import Syringe", "import Testing"]
    var fileScope: [String] = []
    // The context: file scope, as written, its declarations made fileprivate.
    for context in contexts {
        let lines = context.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        fileScope.append("#sourceLocation(file: \"\(context.path)\", line: 1)")
        var braceDepth = 0
        var skipThrough = -1
        for (offset, line) in lines.enumerated() {
            if offset <= skipThrough { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if braceDepth == 0 && line.first.map({ $0 != " " }) == true {
                if trimmed.hasPrefix("import ") {
                    imports.insert(trimmed)
                    fileScope.append("")
                    continue
                }
                if let end = conditionalImportEnd(lines, from: offset) {
                    imports.insert(lines[offset...end].joined(separator: "\n"))
                    fileScope.append(contentsOf: Array(repeating: "", count: end - offset + 1))
                    skipThrough = end
                    continue
                }
                fileScope.append(fileScopeDeclaration(line))
            } else {
                fileScope.append(line)
            }
            braceDepth += braceDelta(line)
        }
        fileScope.append("#sourceLocation()")
    }

    var functions: [String] = []
    for block in blocks {
        let pad = String(repeating: " ", count: block.indent)
        var statements: [(Int, String)] = []
        var names: [String] = []
        var braceDepth = 0
        var current: (hoisted: Bool, lines: [(Int, String)])? = nil
        var pendingAttributes: [(Int, String)] = []
        func flush() {
            guard let item = current else { return }
            if item.hoisted {
                fileScope.append("#sourceLocation(file: \"\(block.file)\", line: \(item.lines[0].0))")
                fileScope.append(contentsOf: item.lines.map { pad + $0.1 })
                fileScope.append("#sourceLocation()")
            } else {
                statements.append(contentsOf: item.lines)
            }
            current = nil
        }
        var skipThrough = -1
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
                let startsContinuation = trimmed.hasPrefix(".") || trimmed.hasPrefix("}") || trimmed.hasPrefix(")")
                if !startsContinuation {
                    if isWholeAttribute(trimmed) && braceDelta(line) == 0 {
                        flush()
                        pendingAttributes.append((lineNumber, line))
                        continue
                    }
                    if let end = multilineAttributeEnd(block.lines, from: offset) {
                        flush()
                        for index in offset...end { pendingAttributes.append((block.line + index, block.lines[index])) }
                        skipThrough = end
                        continue
                    }
                    flush()
                    let (inline, rest) = splitAttributes(line)
                    let attributes = pendingAttributes.map(\.1) + [inline]
                    let isTest = attributes.contains { $0.hasPrefix("@Test") || $0.hasPrefix("@Suite") }
                    let keyword = declarationKeyword(rest)
                    if isTest || keyword == "protocol" || keyword == "extension",
                        let declaration = typeDeclaration(rest, markedTest: isTest)
                    {
                        var lines = pendingAttributes + [(lineNumber, inline + declaration)]
                        // The first @Test or @Suite gets the trait: the sample is compiled, not run.
                        if isTest, let index = lines.firstIndex(where: { disablingTest($0.1) != nil }) {
                            lines[index].1 = disablingTest(lines[index].1)!
                        }
                        current = (true, lines)
                    } else {
                        current = (false, pendingAttributes + [(lineNumber, line)])
                        if let name = boundName(trimmed) { names.append(name) }
                    }
                    pendingAttributes = []
                    braceDepth += braceDelta(line)
                    continue
                }
            }
            if current == nil { current = (false, []) }
            current!.lines.append((lineNumber, line))
            braceDepth += braceDelta(line)
        }
        flush()
        statements.append(contentsOf: pendingAttributes)  // attributes that end the block: left to the compiler
        guard !statements.isEmpty else { continue }
        let isAsync = block.lines.contains { $0.contains("await ") }
        let isMainActor = block.lines.contains { $0.contains(".mainActor") }
        let function = "sample_\(identifier(block.file))_\(block.line)"
        functions.append("")
        functions.append(
            (isMainActor ? "@MainActor " : "") + "fileprivate func \(function)() "
                + (isAsync ? "async throws {" : "throws {"))
        var expected = -1
        for (lineNumber, line) in statements {
            if lineNumber != expected {
                functions.append("#sourceLocation(file: \"\(block.file)\", line: \(lineNumber))")
            }
            functions.append(pad + line)
            expected = lineNumber + 1
        }
        functions.append("#sourceLocation()")
        for name in names { functions.append("    _ = \(name)") }
        functions.append("}")
    }

    var output = ["// Generated by SampleExtractor from the doc comments of \(name). Do not edit: edit the comments."]
    output.append(contentsOf: imports.sorted())
    output.append("")
    if blocks.isEmpty { output.append("// No ```swift blocks in these doc comments.") }
    output.append(contentsOf: fileScope)
    output.append(contentsOf: functions)
    return output.joined(separator: "\n") + "\n"
}

/// `SampleExtractor --doc-comments …`: reads the sources and contexts, writes the program when it changed.
func runDocComments(_ arguments: [String]) throws {
    guard arguments.count >= 2 else { throw ExtractorError.usage }
    let output = arguments[0]
    let name = arguments[1]
    var rest = Array(arguments.dropFirst(2))
    var contexts: [(text: String, path: String)] = []
    while rest.first == "--context", rest.count >= 3 {
        contexts.append((try String(contentsOfFile: rest[1], encoding: .utf8), rest[2]))
        rest.removeFirst(3)
    }
    guard rest.count % 2 == 0 else { throw ExtractorError.usage }
    var blocks: [CommentBlock] = []
    for index in stride(from: 0, to: rest.count, by: 2) {
        let text = try String(contentsOfFile: rest[index], encoding: .utf8)
        blocks += commentBlocks(text, path: rest[index + 1])
    }
    let source = generateDocComments(name: name, contexts: contexts, blocks: blocks)
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
}

enum ExtractorError: Error {
    case usage
}
