// A build-tool plugin: every Markdown page of the documentation becomes a generated Swift file of
// SyringeDocumentationTests, and the `///` comments of each folder of the library's sources one of
// SyringeDocCommentTests, made by SampleExtractor. Pages and source files are found when the build is planned,
// so a new page or folder is compiled without a change here. See CONTRIBUTING.md, "Writing samples".
import Foundation
import PackagePlugin

@main
struct DocumentationSamples: BuildToolPlugin {
    /// The pages whose ```swift blocks are compiled: the README, Documentation/*.md and the DocC catalog's own
    /// articles (the catalog's copies of Documentation/ pages are made by Scripts/docs.sh and not committed).
    static func pages(in root: URL) -> [String] {
        let files = FileManager.default
        var pages = ["README.md"]
        for directory in ["Documentation", "Sources/Syringe/Syringe.docc"] {
            guard let enumerator = files.enumerator(atPath: root.appendingPathComponent(directory).path) else {
                continue
            }
            for case let file as String in enumerator where file.hasSuffix(".md") {
                pages.append(directory + "/" + file)
            }
        }
        return pages.sorted()
    }

    /// The folders whose `///` samples are compiled, one program each: every folder of Sources/Syringe (its
    /// subfolders included) and Sources/SyringeTesting, with their Swift files (paths from the package root).
    static func sourceFolders(in root: URL) -> [(name: String, files: [String])] {
        let files = FileManager.default
        var folders: [(name: String, files: [String])] = []
        func swiftFiles(under directory: String) -> [String] {
            guard let enumerator = files.enumerator(atPath: root.appendingPathComponent(directory).path) else {
                return []
            }
            return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
                .map { directory + "/" + $0 }
                .sorted()
        }
        let library = "Sources/Syringe"
        let names = (try? files.contentsOfDirectory(atPath: root.appendingPathComponent(library).path)) ?? []
        for name in names.sorted() where !name.hasSuffix(".docc") {
            let sources = swiftFiles(under: library + "/" + name)
            if !sources.isEmpty { folders.append((name, sources)) }
        }
        folders.append(("SyringeTesting", swiftFiles(under: "Sources/SyringeTesting")))
        return folders
    }

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let tool = try context.tool(named: "SampleExtractor").url
        if target.name == "SyringeDocCommentTests" {
            return try sourceCommands(context: context, root: root, tool: tool)
        }
        return try pageCommands(context: context, root: root, tool: tool)
    }

    /// One program per folder of sources, from the samples of its `///` comments and its context
    /// (Documentation/SampleContext/DocComments/Common.context.swift, then <Folder>.context.swift).
    func sourceCommands(context: PluginContext, root: URL, tool: URL) throws -> [Command] {
        Self.sourceFolders(in: root).map { folder in
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("DocComments_\(folder.name).swift")
            let name = folder.name == "SyringeTesting" ? "Sources/SyringeTesting" : "Sources/Syringe/\(folder.name)"
            var arguments = ["--doc-comments", output.path, name]
            var inputs: [URL] = []
            for name in ["Common", folder.name] {
                let path = "Documentation/SampleContext/DocComments/\(name).context.swift"
                let file = root.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                arguments += ["--context", file.path, path]
                inputs.append(file)
            }
            for path in folder.files {
                let file = root.appendingPathComponent(path)
                arguments += [file.path, path]
                inputs.append(file)
            }
            return .buildCommand(
                displayName: "Extracting the doc-comment samples of \(folder.name)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        }
    }

    func pageCommands(context: PluginContext, root: URL, tool: URL) throws -> [Command] {
        Self.pages(in: root).map { page in
            let input = root.appendingPathComponent(page)
            let name = page.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".md", with: "")
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("Samples_\(name).swift")
            var arguments = [input.path, output.path, page]
            var inputs = [input]
            // The page's hidden context: Documentation/SampleContext/<page name>.swift.
            let contextPath =
                "Documentation/SampleContext/" + input.deletingPathExtension().lastPathComponent + ".swift"
            let contextFile = root.appendingPathComponent(contextPath)
            if FileManager.default.fileExists(atPath: contextFile.path) {
                arguments += [contextFile.path, contextPath]
                inputs.append(contextFile)
            }
            return .buildCommand(
                displayName: "Extracting the samples of \(page)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        }
    }
}
