// The ```swift blocks of the `///` comments of Sources/Syringe and Sources/SyringeTesting are compiled into this
// target by the DocumentationSamples plugin: one generated file per folder, each block a function of its own,
// compiled and not run. A compile error points at the source file and line of the comment. Conventions:
// CONTRIBUTING.md, "Samples in doc comments".
