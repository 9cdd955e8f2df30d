// Prints a program as the Swift it stands for, one operation a line, numbered as traces number them.

extension Program {
    /// The program, one numbered operation a line.
    public var listing: String {
        var lines: [String] = []
        var slot = 0
        var containers = 1
        for (index, operation) in operations.enumerated() {
            let text: String
            switch operation {
            case .makeChild(let parent):
                text = "let c\(containers) = Container(parent: c\(parent))"
                containers += 1
            case .register(let spec):
                text = spec.listing
            case .resolve(let container, let request):
                text = "s\(slot) = c\(container).\(request.call)"
                slot += 1
            case .read(let source, let link):
                text = "s\(slot) = s\(source) (the Lazy/Provider, or its \(link)th one modulo their count).instance"
                slot += 1
            case .drop(let source):
                text = "s\(source) = nil  // an object it held is released next"
            case .checkAlive(let released):
                text = "check: is released object \(released) alive?"
            case .resetScope(let container, let scope):
                text = "c\(container).resetObjectScope(\(scope))"
            case .resetScopeOfType(let container, let scope, let kind):
                text = "c\(container).resetObjectScope(\(scope), serviceType: \(kind.typeName).self)"
            case .removeAll(let container):
                text = "c\(container).removeAll()"
            }
            lines.append("\(index): \(text)")
        }
        return lines.joined(separator: "\n")
    }
}

extension RegistrationSpec {
    /// `c0.register(Gamma.self, name: "a") { r, a: Int in GammaSub(…) }.inObjectScope(.graph)…`.
    public var listing: String {
        let name = self.name.map { ", name: \"\($0)\"" } ?? ""
        let parameters: String
        switch arity {
        case 0: parameters = "r"
        case 1: parameters = "r, a: Int"
        default: parameters = "r, a: Int, b: String"
        }
        let resolver = inspectsResolver ? (dependencies.isEmpty ? "r: r as? Container" : "r: r as? Container, ") : ""
        let made = "\(madeClassName)(\(resolver)\(dependencies.map(\.text).joined(separator: ", ")))"
        var text = "c\(container).register(\(kind.typeName).self\(name)) { \(parameters) in \(made) }"
        text += ".inObjectScope(\(scope))"
        if !injections.isEmpty {
            let resolves = injections.map { "r.\($0.call)" }.joined(separator: ", ")
            text += ".initCompleted { r, s in s.injected = [\(resolves)] }"
        }
        if implementsDescribing { text += ".implements(Describing.self)" }
        return text
    }
}
