// Sample for tests/unit/test_classfile.c: Module and Package constants.
module sample.mod {
    exports sample.pkg;
}
