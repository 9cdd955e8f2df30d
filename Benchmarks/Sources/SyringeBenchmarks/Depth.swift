#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scenario 11 runs every probe in a child process of this executable, so a system that crashes at some depth
/// (a trap, a stack overflow) is observed and reported instead of ending the benchmark.
enum DepthProbe {
    static let smallStack = 512 * 1024

    /// The child's side: `--probe-depth SYSTEM DEPTH main|small`. Exits 0 when the chain resolved, 3 when it
    /// did not, and prints what happened.
    static func runChild(system: String, depth: Int, thread: String) -> Never {
        let chain: @Sendable (Int) -> String? = system == "Swinject" ? swinjectChain(depth:) : syringeChain(depth:)
        final class Box: @unchecked Sendable {
            // @unchecked Sendable: written by the probe thread, read after it was joined.
            var outcome: String?
        }
        let box = Box()
        if thread == "small" {
            _ = runOnThreads(1, stackSize: smallStack) { _ in box.outcome = chain(depth) }
        } else {
            box.outcome = chain(depth)
        }
        print(box.outcome ?? "resolved")
        exit(box.outcome == nil ? 0 : 3)
    }

    /// Runs one probe in a child process: whether the chain resolved, and what happened.
    static func probe(system: String, depth: Int, thread: String) -> (resolved: Bool, outcome: String) {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        let executable =
            length > 0
            ? String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let output = "/tmp/syringe-depth-probe-\(getpid()).txt"
        let arguments = [executable, "--probe-depth", system, String(depth), thread]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0 else {
            return (false, "could not start the probe")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let printed = readText(output).split(separator: "\n").last.map(String.init) ?? ""
        unlink(output)
        let signal = status & 0x7f
        if signal != 0 {
            return (false, "crash (signal \(signal): \(String(cString: strsignal(signal))))")
        }
        let code = (status >> 8) & 0xff
        return (code == 0, printed)
    }

    /// The deepest chain that resolves, searched between 1 and `limit`, and what one level deeper does.
    static func deepest(system: String, thread: String, limit: Int) -> (depth: Int, deeper: String) {
        guard probe(system: system, depth: limit, thread: thread).resolved == false else {
            return (limit, "not reached (search limit)")
        }
        var low = 1  // resolves
        var high = limit  // does not
        while high - low > 1 {
            let middle = (low + high) / 2
            if probe(system: system, depth: middle, thread: thread).resolved { low = middle } else { high = middle }
        }
        // Where a chain starts on the stack varies a little between processes (address-space randomization),
        // so the boundary is not perfectly sharp: step up while the next depth still resolves.
        var deeper = probe(system: system, depth: low + 1, thread: thread)
        while deeper.resolved, low + 1 < limit {
            low += 1
            deeper = probe(system: system, depth: low + 1, thread: thread)
        }
        return (low, deeper.outcome)
    }
}

func readText(_ path: String) -> String {
    String(decoding: readBytes(path), as: UTF8.self)
}
