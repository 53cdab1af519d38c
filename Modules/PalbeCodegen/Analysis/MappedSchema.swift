/// A schema mapped to a Swift type, with its nullability kept apart so each use site decides
/// between `T?`, `Nullable<T>?` and `T`.
struct MappedSchema {
    var type: TypeRef
    var isNullable: Bool
}
