// The samples of README.md, Documentation/*.md and Sources/Syringe/Syringe.docc are compiled into this target
// by the DocumentationSamples plugin (one generated file per page, one test per page that runs its blocks in
// order). A compile error points at the page and line of the block. Conventions: CONTRIBUTING.md,
// "Writing samples".
