import Logging
import Syringe

/// The one place where the library's messages are routed into swift-log.
///
/// Syringe hands each of its messages to a log handler as a `Container.LogMessage`: its level, its text, the
/// request it concerns and, for a failed resolve, the error. This sends those at `minimumLevel` and above to
/// `logger`, at the matching swift-log level, with the service and the error's code as metadata.
public enum SyringeLogging {
    public static func route(to logger: Logger, minimumLevel: Container.LogLevel = .info) {
        Container.setLogHandler(minimumLevel: minimumLevel) { message in
            let level: Logger.Level =
                switch message.level {
                case .debug: .debug
                case .info: .info
                case .warning: .warning
                case .error: .error
                }
            var metadata: Logger.Metadata = ["source": "Syringe"]
            if let request = message.request { metadata["service"] = "\(request)" }
            if let code = message.error?.code { metadata["code"] = "\(code)" }
            logger.log(level: level, "\(message.message)", metadata: metadata)
        }
    }
}
