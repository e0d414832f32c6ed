import CNcurses
import Foundation
import Reactive
import Shop

FileHandle.standardError.write(Data("shop: the terminal app is not built yet\n".utf8))
exit(2)
