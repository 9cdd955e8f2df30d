// What a run observed, in a form both libraries' runs can be compared in: objects are named by a canonical
// number, given in order of first appearance in the trace, so "#2" in one trace and "#2" in the other are the
// objects each library handed out at the same point.

/// One observation: the result of a resolve or of a `Lazy`/`Provider` read, or a liveness check.
public struct Event: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case resolve, read
        /// A liveness check; `alive` says what it found.
        case alive(Bool)
    }

    /// The index of the operation in the program.
    public var operation: Int
    public var kind: Kind
    /// The observation itself, e.g. `s2 = #1:Gamma/0[#2:Beta/1, lazy]{#1}`; the part that is compared.
    public var text: String
    /// What the run noticed during the operation, for classifying a difference; not compared.
    public var tags: Set<Tag>

    public init(operation: Int, kind: Kind, text: String, tags: Set<Tag> = []) {
        self.operation = operation
        self.kind = kind
        self.text = text
        self.tags = tags
    }

    /// Whether two events observed the same thing (tags aside).
    public func matches(_ other: Event) -> Bool {
        operation == other.operation && kind == other.kind && text == other.text
    }

    /// `  12: s4 = #3:Alpha/2  [registrationReplaced]`.
    public var line: String {
        let tagList = tags.isEmpty ? "" : "  [" + tags.sorted().map(\.rawValue).joined(separator: ", ") + "]"
        return "\(operation): \(text)\(tagList)"
    }
}

/// The events of one run of one program, by one library.
public struct Trace: Sendable, Hashable {
    public var library: String
    public var events: [Event]

    public init(library: String, events: [Event]) {
        self.library = library
        self.events = events
    }
}

/// Canonical numbers for objects, in order of first appearance. Keyed by `Node.serial`, which is never reused
/// within a run (an `ObjectIdentifier` is, once its object is freed).
public struct ObjectNumbering: Sendable {
    private var numbers: [Int: Int] = [:]

    public init() {}

    /// The number of the object with this serial, giving it the next number on first appearance.
    public mutating func number(ofSerial serial: Int) -> Int {
        if let number = numbers[serial] { return number }
        let number = numbers.count
        numbers[serial] = number
        return number
    }

    /// The number already given to this serial, if any.
    public func existingNumber(ofSerial serial: Int) -> Int? { numbers[serial] }

    public var count: Int { numbers.count }
}

/// Describes objects and links, numbering them canonically: `#n:Class/registration(arguments)@resolver`, then
/// the factory's dependencies in `[…]` and the injected properties in `{…}`. An object already described in the
/// same event is written `#n` alone (so cycles end).
public struct ObjectDescriber {
    public var numbering = ObjectNumbering()

    public init() {}

    public mutating func describe(_ link: Link) -> String {
        var visited: Set<Int> = []
        return describe(link, visited: &visited)
    }

    public mutating func describe(_ node: Node?) -> String {
        var visited: Set<Int> = []
        return describe(node, visited: &visited)
    }

    private mutating func describe(_ link: Link, visited: inout Set<Int>) -> String {
        switch link {
        case .object(let node):
            return describe(node, visited: &visited)
        case .deferred(let wrapper, let handle, let readNow):
            let name = wrapper == .lazy ? "lazy" : "provider"
            guard handle != nil else { return "\(name):nil" }
            guard let readNow else { return name }
            return "\(name)→" + describe(readNow, visited: &visited)
        }
    }

    private mutating func describe(_ node: Node?, visited: inout Set<Int>) -> String {
        guard let node else { return "nil" }
        let number = numbering.number(ofSerial: node.serial)
        guard visited.insert(node.serial).inserted else { return "#\(number)" }
        var text = "#\(number):\(node.className)/\(node.registration)"
        switch node.arguments {
        case .none: break
        case .one(let value): text += "(\(value))"
        case .two(let first, let second): text += "(\(first),\(second))"
        }
        if let label = node.resolverLabel { text += "@\(label)" }
        if !node.dependencies.isEmpty {
            text += "[" + node.dependencies.map { describe($0, visited: &visited) }.joined(separator: ", ") + "]"
        }
        if !node.injected.isEmpty {
            text += "{" + node.injected.map { describe($0, visited: &visited) }.joined(separator: ", ") + "}"
        }
        return text
    }
}
