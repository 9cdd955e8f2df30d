// Context of the doc-comment samples of Sources/Syringe/ExtensionPoints/.

struct StoryboardOption: ServiceKeyOption {
    let storyboard: String
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool {
        (another as? StoryboardOption)?.storyboard == storyboard
    }
    func hash(into hasher: inout Hasher) { hasher.combine(storyboard) }
    var description: String { "storyboard \(storyboard)" }
}

final class ProfileController {
    var api: API?
}

let option = StoryboardOption(storyboard: "Main")
