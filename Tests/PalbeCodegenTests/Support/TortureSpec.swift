/// An OpenAPI 3.0 document that uses every construct the generator maps, every documented
/// fallback and every name that needs care (keywords, odd wire keys, recursion). Its output is
/// compile-checked against a stub of the Palbe API outside the repository.
enum TortureSpec {
    static let json = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Torture", "version": "1"},
          "paths": {
            "/pets/{pet_id}": {
              "parameters": [{"name": "pet_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "get": {
                "operationId": "pets.get",
                "summary": "Fetch a pet",
                "deprecated": true,
                "parameters": [
                  {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["cat", "dog"]}},
                  {"name": "include_owner", "in": "query", "required": true, "schema": {"type": "boolean"}},
                  {"name": "X-Trace-Id", "in": "header", "required": true, "schema": {"type": "string"}},
                  {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}},
                  {"name": "X-Retries", "in": "header", "schema": {"type": "integer"}},
                  {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                  {"name": "session", "in": "cookie", "schema": {"type": "string"}}
                ],
                "responses": {"200": {"description": "The pet.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}},
                "x-palbase-errors": [
                  {"code": "pet_not_found", "status": 404},
                  {"code": "pet_hidden", "status": 403, "data": {"type": "object", "properties": {"reason": {"type": "string", "enum": ["banned", "private"]}}, "required": ["reason"]}}
                ]
              }
            },
            "/pets": {
              "post": {
                "operationId": "pets.create",
                "requestBody": {"content": {"application/json": {"schema": {
                  "type": "object",
                  "properties": {
                    "name": {"type": "string"},
                    "mood": {"type": "string", "enum": ["happy", "grumpy"]},
                    "birthday": {"type": "string", "format": "date-time", "nullable": true}
                  },
                  "required": ["name"]
                }}}},
                "responses": {"201": {"description": "Created.", "content": {"application/json": {"schema": {
                  "type": "object", "properties": {"id": {"type": "string"}, "pet": {"$ref": "#/components/schemas/Pet"}}, "required": ["id"]
                }}}}}
              }
            },
            "/pets/{kind}/{flag}/{client}": {
              "delete": {
                "operationId": "pets.delete_all",
                "parameters": [
                  {"name": "kind", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/PetKind"}},
                  {"name": "flag", "in": "path", "required": true, "schema": {"type": "boolean"}},
                  {"name": "client", "in": "path", "required": true, "schema": {"type": "string"}}
                ],
                "responses": {"204": {"description": "Gone."}}
              }
            },
            "/pets/default": {
              "post": {"operationId": "pets.default", "responses": {"200": {"description": "Anything.", "content": {"application/json": {}}}}}
            },
            "/nodes/{id}": {
              "patch": {
                "operationId": "nodes.patch",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "requestBody": {"required": true, "content": {"application/json; charset=utf-8": {"schema": {"$ref": "#/components/schemas/Patch"}}}},
                "responses": {"200": {"description": "The node.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}},
                "x-palbase-errors": [
                  {"code": "default", "status": 409},
                  {"code": "conflict", "status": 409, "data": {"$ref": "#/components/schemas/Scores"}},
                  {"code": "weird-code.x", "status": 422, "data": {"type": "integer"}}
                ]
              }
            },
            "/search": {
              "query": {
                "operationId": "search",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                  "type": "object", "properties": {"text": {"type": "string"}, "parent_id": {"type": "string", "nullable": true}}
                }}}},
                "responses": {"200": {"description": "Hits.", "content": {"application/json": {"schema": {
                  "type": "array", "items": {"type": "object", "properties": {"score": {"type": "number"}}, "required": ["score"]}
                }}}}}
              }
            },
            "/import": {
              "post": {
                "operationId": "import",
                "x-palbase-method": "QUERY",
                "responses": {"204": {"description": "Done."}}
              }
            },
            "/keywords": {
              "put": {
                "operationId": "keywords.replace",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Keywords"}}}},
                "responses": {"200": {"description": "Stored.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Keywords"}}}}}
              }
            },
            "/zoo": {
              "get": {
                "operationId": "zoo.everything",
                "responses": {"200": {"description": "All of it.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Zoo"}}}}}
              }
            },
            "/upload": {
              "post": {
                "operationId": "files.upload",
                "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}},
                "responses": {"204": {"description": "Stored."}}
              }
            },
            "/files/{name}.json": {
              "get": {
                "operationId": "files.get",
                "parameters": [{"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"204": {"description": "OK."}}
              }
            },
            "/trace": {"trace": {"operationId": "debug.trace", "responses": {"204": {"description": "OK."}}}},
            "/auth/login": {"post": {"operationId": "auth.login", "responses": {"204": {"description": "OK."}}}}
          },
          "components": {
            "schemas": {
              "PetKind": {"type": "string", "enum": ["cat", "dog"]},
              "Pet": {
                "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                "discriminator": {"propertyName": "pet_type", "mapping": {"cat": "#/components/schemas/Cat", "kitten": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}
              },
              "Cat": {"type": "object", "properties": {"pet_type": {"type": "string"}, "lives": {"type": "integer"}}, "required": ["pet_type"]},
              "Dog": {"type": "object", "properties": {"pet_type": {"type": "string"}, "good": {"type": "boolean"}}, "required": ["pet_type", "good"]},
              "Node": {
                "type": "object",
                "properties": {
                  "name": {"type": "string"},
                  "parent": {"allOf": [{"$ref": "#/components/schemas/Node"}], "nullable": true},
                  "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}
                },
                "required": ["name", "parent"]
              },
              "Patch": {
                "type": "object",
                "properties": {
                  "note": {"type": "string", "nullable": true},
                  "count": {"type": "integer", "nullable": true},
                  "label": {"type": "string", "nullable": true},
                  "payload": {"nullable": true},
                  "kind": {"allOf": [{"$ref": "#/components/schemas/PetKind"}], "nullable": true}
                },
                "required": ["label"]
              },
              "Keywords": {
                "type": "object",
                "properties": {
                  "default": {"type": "string"},
                  "public": {"type": "boolean"},
                  "self": {"type": "string"},
                  "init": {"type": "string"},
                  "@type": {"type": "string"},
                  "content-type": {"type": "string"},
                  "2fa": {"type": "boolean"},
                  "class": {"type": "string", "enum": ["public", "private", "in-progress", "1st", "", "rawValue", "self", "Type"]}
                }
              },
              "Base": {"type": "object", "properties": {"id": {"type": "string"}, "created_at": {"type": "string", "format": "date-time"}}, "required": ["id"]},
              "Derived": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"extra": {"type": "number"}}, "required": ["extra"]}]},
              "Free": {},
              "Tags": {"type": "array", "items": {"type": "object", "properties": {"label": {"type": "string"}}}},
              "Scores": {"type": "object", "additionalProperties": {"type": "number"}},
              "Error": {"type": "object", "properties": {"message": {"type": "string"}}},
              "Untyped": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
              "Empty": {"type": "object", "additionalProperties": false},
              "Zoo": {
                "type": "object",
                "properties": {
                  "derived": {"$ref": "#/components/schemas/Derived"},
                  "free": {"$ref": "#/components/schemas/Free"},
                  "tags": {"$ref": "#/components/schemas/Tags"},
                  "error": {"$ref": "#/components/schemas/Error"},
                  "untyped": {"$ref": "#/components/schemas/Untyped"},
                  "empty": {"$ref": "#/components/schemas/Empty"},
                  "matrix": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "nullable": true}}},
                  "lookup": {"type": "object", "additionalProperties": {"type": "object", "properties": {"hits": {"type": "integer"}}}},
                  "mixed": {"type": "string", "additionalProperties": false},
                  "pet": {"$ref": "#/components/schemas/Pet"},
                  "big": {"type": "integer", "format": "int64"},
                  "ratio": {"type": "number", "format": "float"},
                  "day": {"type": "string", "format": "date"},
                  "level": {"type": "integer", "enum": [1, 2, 3]}
                },
                "required": ["derived"]
              }
            }
          }
        }
        """#
}
