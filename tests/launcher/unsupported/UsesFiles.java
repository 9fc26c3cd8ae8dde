// Runs, then reaches for java.nio.file, which vifvm does not provide.
import java.nio.file.Files;
import java.nio.file.Paths;

public class UsesFiles {
    public static void main(String[] args) throws Exception {
        System.out.println("started");
        System.out.println(Files.exists(Paths.get("/")));
    }
}
