import Logging
import Syringe

/// The one place where the library's messages are routed into swift-log.
///
/// Syringe writes each of its messages (a failed optional `resolve`, a synchronous call that met an `async` factory,
/// a resolve through a shut-down container) as one text through `Container.loggingFunction`; this sends them to
/// `logger` as warnings.
public enum SyringeLogging {
    public static func route(to logger: Logger) {
        Container.loggingFunction = { message in
            logger.warning("\(message)", metadata: ["source": "Syringe"])
        }
    }
}
