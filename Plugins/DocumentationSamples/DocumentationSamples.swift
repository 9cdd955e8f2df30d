// A build-tool plugin: every Markdown page of the documentation becomes a generated Swift file of the target
// that uses the plugin (SyringeDocumentationTests), made by SampleExtractor. The pages are found when the build
// is planned, so a new page is compiled without a change here. See Documentation/README.md, "Writing samples".
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

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let tool = try context.tool(named: "SampleExtractor").url
        return Self.pages(in: root).map { page in
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
