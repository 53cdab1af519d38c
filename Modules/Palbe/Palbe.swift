import ErrorCore
