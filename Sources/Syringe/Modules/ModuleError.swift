/// Why a container could not load modules.
///
/// ```swift
/// do {
///     try container.load(NetworkAssembly())
/// } catch {
///     print(error.description)  // which module is loaded already, or which eager singleton failed and why
/// }
/// ```
public enum ModuleError: Error, CustomStringConvertible {
    /// A module of this assembly type is loaded already (or appears twice in one `load`). Nothing was loaded.
    ///
    /// ```swift
    /// if case .alreadyLoaded(let module) = error { print("\(module) is loaded") }
    /// ```
    case alreadyLoaded(module: Any.Type)
    /// An eager singleton of the loaded modules could not be made; the load was undone.
    ///
    /// ```swift
    /// if case .eagerSingletonFailed(let failure) = error { print(failure.path) }
    /// ```
    case eagerSingletonFailed(ResolutionError)

    /// The failure as a sentence, with the resolution error's message.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        switch self {
        case .alreadyLoaded(let module):
            "Syringe: module \(typeName(module)) is already loaded in this container. "
                + "Unload it first (container.unload(\(typeName(module)).self)) to load it again."
        case .eagerSingletonFailed(let error):
            "Syringe: an eager singleton failed, so the modules were not loaded.\n\(error.description)"
        }
    }
}
