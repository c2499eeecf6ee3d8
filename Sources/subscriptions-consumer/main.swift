// Placeholder entry point until the service lands: exits with EX_UNAVAILABLE.
import Foundation
FileHandle.standardError.write(Data("subscriptions-consumer is not built yet\n".utf8))
exit(69)
