package sample.pkg;

public class P {
}
